import type { ComplaintState, CounterNoticeBody, LawsuitBody, RightsComplaint, RightsComplaintBody, RightsComplaintPatch } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { tell } from './tell';
import * as repo from '../repositories/complaints';
import { complaintOut, maskId, STATE_TEXT } from './view';

/** 信息网络传播权保护条例 §17: the claimant has this long after the counter-statement to report a lawsuit. */
export const RESTORE_DAYS = 15;
const DAY_MS = 24 * 3600_000;
const notFound = () => new ApiError(404, 'not_found', '投诉不存在');
const wrongState = (state: string) => new ApiError(409, 'wrong_state', `该投诉当前状态为「${STATE_TEXT[state] ?? state}」，不能进行此操作`);

async function withSteps(app: FastifyInstance, rows: repo.ComplaintRow[], role: (r: repo.ComplaintRow) => RightsComplaint['role']): Promise<RightsComplaint[]> {
  const steps = await repo.stepsOf(app.db, rows.map((r) => r.id));
  return rows.map((r) => complaintOut(r, steps, role(r)));
}

async function load(app: FastifyInstance, id: number, role: RightsComplaint['role']): Promise<RightsComplaint> {
  const row = await repo.complaint(app.db, id);
  if (!row) throw notFound();
  return (await withSteps(app, [row], () => role))[0];
}

/** POST rights-complaints/: a notice about a public document of someone else's. */
export async function fileComplaint(app: FastifyInstance, userId: number, body: RightsComplaintBody): Promise<RightsComplaint> {
  const doc = await repo.documentForComplaint(app.db, body.docs);
  if (!doc || ![1, 5].includes(doc.status)) throw new ApiError(404, 'not_found', '被投诉的文档不存在或未公开');
  if (doc.uploader_id === userId) throw new ApiError(400, 'own_document', '不能投诉自己上传的文档');
  const now = app.now();
  const id = await app.db.transaction(async (tx) => {
    const created = await repo.insertComplaint(
      tx,
      { ...body, userId, docsId: doc.id, uploaderId: doc.uploader_id, id_number: maskId(body.id_number), email: body.email ?? '', urls: body.urls ?? '', work: body.work.trim(), description: body.description.trim() },
      now,
    );
    await repo.addStep(tx, created, { kind: 'submitted', actor: 'claimant' }, now);
    return created;
  });
  return load(app, id, 'claimant');
}

/** GET rights-complaints/: mine as claimant and those about my documents (once forwarded). */
export function myComplaints(app: FastifyInstance, userId: number, role: 'claimant' | 'uploader' | undefined): PaginateOptions<RightsComplaint> {
  return {
    count: () => repo.countMine(app.db, userId, role),
    fetch: async (limit, offset) => withSteps(app, await repo.listMine(app.db, userId, role, limit, offset), (r) => (r.user_id === userId ? 'claimant' : 'uploader')),
  };
}

const FORWARDED: ComplaintState[] = ['taken_down', 'counter_noticed', 'lawsuit', 'closed'];

/** The role of a user in a complaint, or null (the answer is then 404, not 403: others learn nothing). */
function roleOf(row: repo.ComplaintRow, userId: number, isStaff: boolean): RightsComplaint['role'] | null {
  if (row.user_id === userId) return 'claimant';
  if (row.uploader_id === userId && FORWARDED.includes(row.state)) return 'uploader';
  return isStaff ? 'staff' : null;
}

export async function userComplaint(app: FastifyInstance, userId: number, isStaff: boolean, id: number): Promise<RightsComplaint> {
  const row = await repo.complaint(app.db, id);
  const role = row && roleOf(row, userId, isStaff);
  if (!row || !role) throw notFound();
  return (await withSteps(app, [row], () => role))[0];
}

/** PATCH: the claimant supplements an incomplete notice; it goes back to staff (submitted). */
export async function supplement(app: FastifyInstance, userId: number, id: number, patch: RightsComplaintPatch): Promise<RightsComplaint> {
  if (!Object.keys(patch).length) throw new ApiError(400, 'empty_patch', '请至少补充一项材料');
  const now = app.now();
  await app.db.transaction(async (tx) => {
    const row = await repo.complaint(tx, id, true);
    if (!row || row.user_id !== userId) throw notFound();
    if (row.state !== 'incomplete') throw wrongState(row.state);
    const fields: Record<string, unknown> = { ...patch };
    if (patch.id_number) fields.id_number = maskId(patch.id_number);
    await repo.patchFields(tx, id, fields, now);
    await repo.setState(tx, id, 'submitted', now);
    await repo.addStep(tx, id, { kind: 'supplemented', actor: 'claimant', note: Object.keys(patch).join('、') }, now);
  });
  return load(app, id, 'claimant');
}

/** POST counter/: the uploader's counter-statement (§16); the claimant is told and has RESTORE_DAYS to sue. */
export async function counterNotice(app: FastifyInstance, userId: number, id: number, body: CounterNoticeBody): Promise<RightsComplaint> {
  const now = app.now();
  const due = new Date(now.getTime() + RESTORE_DAYS * DAY_MS);
  await app.db.transaction(async (tx) => {
    const row = await repo.complaint(tx, id, true);
    if (!row || row.uploader_id !== userId || !FORWARDED.includes(row.state)) throw notFound();
    if (row.state !== 'taken_down') throw wrongState(row.state);
    const counter = { ...body, id_number: maskId(body.id_number), email: body.email ?? '', statement: body.statement.trim(), create_time: now.toISOString() };
    await repo.setState(tx, id, 'counter_noticed', now, { counter, restoreDue: due });
    await repo.addStep(tx, id, { kind: 'counter_noticed', actor: 'uploader' }, now);
    await repo.addStep(tx, id, { kind: 'claimant_told', actor: 'system', note: `如 ${RESTORE_DAYS} 日内未告知已投诉或起诉，文档将恢复` }, now);
    await tell(app, tx, row.user_id, id, `您对《${row.docs_title}》的侵权通知收到了上传者的反通知`, `请在 ${RESTORE_DAYS} 日内告知是否已向有关部门投诉或向人民法院起诉，逾期文档将恢复。`);
  });
  return load(app, id, 'uploader');
}

/** POST lawsuit/: the claimant reports a complaint or lawsuit in time; the document stays down. */
export async function reportLawsuit(app: FastifyInstance, userId: number, id: number, body: LawsuitBody): Promise<RightsComplaint> {
  const now = app.now();
  await app.db.transaction(async (tx) => {
    const row = await repo.complaint(tx, id, true);
    if (!row || row.user_id !== userId) throw notFound();
    if (row.state !== 'counter_noticed') throw wrongState(row.state);
    if (row.restore_due && row.restore_due.getTime() <= now.getTime()) throw new ApiError(409, 'too_late', `已超过 ${RESTORE_DAYS} 日的期限`);
    await repo.setState(tx, id, 'lawsuit', now, { restoreDue: null });
    await repo.addStep(tx, id, { kind: 'lawsuit', actor: 'claimant', note: body.note.trim() }, now);
    await tell(app, tx, row.uploader_id, id, `《${row.docs_title}》的权利人已投诉或起诉，文档保持下架`);
  });
  return load(app, id, 'claimant');
}

/** Restores documents whose counter-noticed complaints passed their period (the sweep; tests call it). */
export async function restoreDue(app: FastifyInstance, now: Date = app.now()): Promise<number> {
  let restored = 0;
  for (const id of await repo.dueForRestore(app.db, now)) {
    const docsId = await app.db.transaction(async (tx) => {
      const row = await repo.complaint(tx, id, true);
      if (!row || row.state !== 'counter_noticed' || !row.restore_due || row.restore_due > now) return null;
      await repo.setState(tx, id, 'closed', now);
      await repo.releaseHeld(tx, id, now);
      await repo.addStep(tx, id, { kind: 'restored', actor: 'system' }, now);
      // another complaint still keeping the document down wins
      if (!(await repo.otherOpenComplaint(tx, row.docs_id, id)) && row.docs_status === 4) await repo.setDocStatus(tx, row.docs_id, 5, now);
      await tell(app, tx, row.user_id, id, `《${row.docs_title}》期满未收到起诉告知，已恢复`);
      await tell(app, tx, row.uploader_id, id, `您的文档《${row.docs_title}》已恢复`);
      return row.docs_id;
    });
    if (docsId !== null) {
      app.content.rows.changed('documents', docsId);
      restored++;
    }
  }
  return restored;
}
