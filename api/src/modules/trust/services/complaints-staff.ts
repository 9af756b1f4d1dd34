import type { ComplaintState, RightsComplaint } from 'contracts';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../core/db';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { tell } from './tell';
import { audit } from '../audit';
import * as repo from '../repositories/complaints';
import { complaintOut, STATE_TEXT } from './view';

const notFound = () => new ApiError(404, 'not_found', '投诉不存在');

export function staffComplaints(app: FastifyInstance, state: ComplaintState | undefined): PaginateOptions<RightsComplaint> {
  return {
    count: () => repo.countByState(app.db, state),
    fetch: async (limit, offset) => {
      const rows = await repo.listByState(app.db, state, limit, offset);
      const steps = await repo.stepsOf(app.db, rows.map((r) => r.id));
      return rows.map((r) => complaintOut(r, steps, 'staff'));
    },
  };
}

export async function staffComplaint(app: FastifyInstance, id: number): Promise<RightsComplaint> {
  const row = await repo.complaint(app.db, id);
  if (!row) throw notFound();
  return complaintOut(row, await repo.stepsOf(app.db, [id]), 'staff');
}

type Action = 'take_down' | 'request_info' | 'reject';
const FROM: Record<Action, ComplaintState[]> = { take_down: ['submitted'], request_info: ['submitted'], reject: ['submitted', 'incomplete'] };

/** A complete notice (§15): down at once, earnings held, paid orders refundable, notice forwarded to the uploader. */
async function takeDown(app: FastifyInstance, tx: Queryable, row: repo.ComplaintRow, reason: string, now: Date): Promise<Record<string, unknown>> {
  if ([1, 5].includes(row.docs_status)) await repo.setDocStatus(tx, row.docs_id, 4, now);
  const held = await repo.holdEarnings(tx, row.id, row.docs_id);
  const refundable = await repo.markRefundable(tx, row.id, row.docs_id);
  await repo.setState(tx, row.id, 'taken_down', now);
  await repo.addStep(tx, row.id, { kind: 'taken_down', actor: 'staff', note: reason }, now);
  await repo.addStep(tx, row.id, { kind: 'forwarded', actor: 'system' }, now);
  await tell(app, tx, row.user_id, row.id, `您对《${row.docs_title}》的侵权通知已处理，文档已下架`);
  await tell(app, tx, row.uploader_id, row.id, `您的文档《${row.docs_title}》因侵权通知已下架`, '如您认为不构成侵权，可在投诉详情中提交反通知。');
  return { docs_status: 4, held_earnings: held, refundable_orders: refundable };
}

/** Staff decide on a notice: take the document down, ask for what is missing, or reject; each audited. */
export async function decide(app: FastifyInstance, staffId: number, id: number, action: Action, reason: string): Promise<RightsComplaint> {
  const now = app.now();
  const docsId = await app.db.transaction(async (tx) => {
    const row = await repo.complaint(tx, id, true);
    if (!row) throw notFound();
    if (!FROM[action].includes(row.state)) {
      throw new ApiError(409, 'wrong_state', `该投诉当前状态为「${STATE_TEXT[row.state] ?? row.state}」，不能进行此操作`);
    }
    let after: Record<string, unknown>;
    if (action === 'take_down') after = await takeDown(app, tx, row, reason, now);
    else {
      const state = action === 'reject' ? 'rejected' : 'incomplete';
      await repo.setState(tx, id, state, now);
      await repo.addStep(tx, id, { kind: action === 'reject' ? 'rejected' : 'info_requested', actor: 'staff', note: reason }, now);
      await tell(app, tx, row.user_id, id, action === 'reject' ? `您对《${row.docs_title}》的侵权通知未通过` : `您对《${row.docs_title}》的侵权通知需要补充材料`, reason);
      after = {};
    }
    await audit(tx, { staffId, action: `rights.${action}`, target_type: 'rights_complaint', target_id: id, before: { state: row.state, docs_status: row.docs_status }, after: { state: action === 'take_down' ? 'taken_down' : action === 'reject' ? 'rejected' : 'incomplete', ...after }, reason, at: now });
    return row.docs_id;
  });
  if (action === 'take_down') app.content.rows.changed('documents', docsId);
  return staffComplaint(app, id);
}
