import type { PaySettings as PaySettingsAnswer, PaySettingsPatch, PricePolicyCreateBody, PricePolicyPatchBody, StaffPricePolicy } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError, invalid } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import {
  countAllPolicies,
  insertPolicy,
  listAllPolicies,
  lockPolicy,
  PAY_SETTING_COLUMNS,
  paySettingsRow,
  POLICY_FIELDS,
  updatePolicy,
  writePaySettings,
  type PaySettings,
  type PolicyFields,
  type StaffPolicyRow,
} from '../repositories/policies';
import { policyItem } from './lists';

/** Staff's side of the payment rules and the download packages (docs/payments.md): both are data, not code. */

function settingsAnswer(s: PaySettings & { update_time: Date }): PaySettingsAnswer {
  return { order_ttl_minutes: s.order_ttl_minutes, guest_access_days: s.guest_access_days, redownload_days: s.redownload_days, update_time: s.update_time.toISOString() };
}

export async function readPaySettings(app: FastifyInstance): Promise<PaySettingsAnswer> {
  return settingsAnswer(await paySettingsRow(app.db));
}

/** Changes what is given; a new order lifetime applies to orders made from now on. */
export async function changePaySettings(app: FastifyInstance, patch: PaySettingsPatch): Promise<PaySettingsAnswer> {
  if (!PAY_SETTING_COLUMNS.some((c) => patch[c] !== undefined)) throw invalid({ non_field_errors: ['请至少修改一项设置'] }, '请至少修改一项设置');
  return app.db.transaction(async (tx) => {
    const current = await paySettingsRow(tx, true);
    const next: PaySettings = { ...current };
    for (const c of PAY_SETTING_COLUMNS) next[c] = patch[c] ?? current[c];
    const at = app.now();
    await writePaySettings(tx, next, at);
    return settingsAnswer({ ...next, update_time: at });
  });
}

/** A package as staff see it: what everyone sees, and whether it is on sale and when it changed. */
export function staffPolicyItem(p: StaffPolicyRow): StaffPricePolicy {
  return {
    ...policyItem(p),
    active: p.active,
    create_time: p.create_time.toISOString(),
    update_time: p.update_time.toISOString(),
  };
}

export function staffPolicyList(app: FastifyInstance): PaginateOptions<StaffPricePolicy> {
  return {
    count: () => countAllPolicies(app.db),
    fetch: async (limit, offset) => (await listAllPolicies(app.db, limit, offset)).map(staffPolicyItem),
  };
}

/** The checks across fields the table also makes (a 400 in Chinese before the database would refuse it). */
function checkPolicy(p: PolicyFields): PolicyFields {
  const name = p.name.trim();
  if (!name) throw invalid({ name: ['请填写套餐名称'] }, '请填写套餐名称');
  if (p.original_price !== null && p.original_price < p.price) {
    throw invalid({ original_price: ['划线价不能低于价格'] }, '划线价不能低于价格');
  }
  return { ...p, name, description: p.description.trim() };
}

export async function createPolicy(app: FastifyInstance, body: PricePolicyCreateBody): Promise<StaffPricePolicy> {
  const fields = checkPolicy({
    name: body.name,
    description: body.description ?? '',
    price: body.price,
    original_price: body.original_price ?? null,
    downloads: body.downloads,
    valid_days: body.valid_days,
    max_doc_price: body.max_doc_price ?? null,
    sequence: body.sequence ?? 0,
    recommended: body.recommended ?? false,
    active: body.active ?? true,
  });
  return staffPolicyItem(await insertPolicy(app.db, fields, app.now()));
}

/** Changes a package; packages already bought keep what they were bought with (user_packages copies it). */
export async function changePolicy(app: FastifyInstance, id: number, patch: PricePolicyPatchBody): Promise<StaffPricePolicy> {
  if (!POLICY_FIELDS.some((f) => patch[f] !== undefined)) throw invalid({ non_field_errors: ['请至少修改一项'] }, '请至少修改一项');
  return app.db.transaction(async (tx) => {
    const current = await lockPolicy(tx, id);
    if (!current) throw new ApiError(404, 'not_found', '套餐不存在');
    const merged = { ...current } as PolicyFields;
    for (const f of POLICY_FIELDS) if (patch[f] !== undefined) (merged as Record<string, unknown>)[f] = patch[f];
    return staffPolicyItem(await updatePolicy(tx, id, checkPolicy(merged), app.now()));
  });
}
