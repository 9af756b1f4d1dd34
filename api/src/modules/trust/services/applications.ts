import type { AuthApplyBody, ExpertApplication } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../../core/db/errors';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { userChanged } from '../../accounts/sessions';
import { notify } from '../../notifications';
import { audit } from '../audit';
import * as repo from '../repositories/applications';

const STATE_TEXT = { pending: '审核中', approved: '已认证', rejected: '未通过' } as const;
const out = (r: repo.ApplicationRow): ExpertApplication => ({
  id: r.id,
  user: { uid: r.user_id, nickname: r.nickname, level: r.level },
  field: r.field,
  real_name: r.real_name,
  credentials: r.credentials,
  pictures: r.pictures,
  state: r.state,
  state_text: STATE_TEXT[r.state],
  reason: r.reason,
  create_time: r.create_time as unknown as string,
  update_time: r.update_time as unknown as string,
});

async function one(app: FastifyInstance, id: number): Promise<ExpertApplication> {
  const row = await repo.application(app.db, id);
  if (!row) throw new ApiError(404, 'not_found', '认证申请不存在');
  return out(row);
}

/** POST auth-apply/: one pending application at a time; a certified expert need not apply. */
export async function apply(app: FastifyInstance, user: { id: number; level: number }, body: AuthApplyBody): Promise<ExpertApplication> {
  if (user.level >= 3) throw new ApiError(409, 'already_expert', '您已是认证专家');
  const now = app.now();
  try {
    const id = await repo.insertApplication(
      app.db,
      { userId: user.id, field: body.field.trim(), realName: body.real_name.trim(), credentials: body.credentials.trim(), pictures: body.pictures },
      now,
    );
    return one(app, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(409, 'pending_application', '您已有一份认证申请在审核中');
    throw err;
  }
}

export function applications(app: FastifyInstance, filter: { userId?: number; state?: ExpertApplication['state'] }): PaginateOptions<ExpertApplication> {
  const f: repo.ApplicationFilter = filter.userId !== undefined ? { userId: filter.userId } : { state: filter.state ?? 'pending' };
  return {
    count: () => repo.countApplications(app.db, f),
    fetch: async (limit, offset) => (await repo.listApplications(app.db, f, limit, offset)).map(out),
  };
}

/** Staff approve (the user becomes level 3, 认证专家) or reject with a reason; audited, the applicant told. */
export async function reviewApplication(app: FastifyInstance, staffId: number, id: number, outcome: { approve: boolean; reason: string }): Promise<ExpertApplication> {
  const now = app.now();
  const userId = await app.db.transaction(async (tx) => {
    const row = await repo.applicationForReview(tx, id);
    if (!row) throw new ApiError(404, 'not_found', '认证申请不存在');
    if (row.state !== 'pending') throw new ApiError(409, 'wrong_state', '该申请已审核');
    const state = outcome.approve ? 'approved' : 'rejected';
    await repo.setApplicationState(tx, id, state, outcome.reason, now);
    if (outcome.approve) await repo.makeExpert(tx, row.user_id, now);
    await notify(tx, row.user_id, { kind: 'certification_result', approved: outcome.approve, reason: outcome.reason, at: now });
    await audit(tx, {
      staffId,
      action: `expert.${outcome.approve ? 'approve' : 'reject'}`,
      target_type: 'expert_application',
      target_id: id,
      before: { state: 'pending', level: row.level },
      after: { state, level: outcome.approve ? 3 : row.level },
      reason: outcome.reason,
      at: now,
    });
    return row.user_id;
  });
  if (outcome.approve) await userChanged(app, userId);
  return one(app, id);
}
