import type { Penalty, PenaltyBody, StaffUser } from 'contracts';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../core/db';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { maskMobile } from '../../accounts/phone';
import { userChanged } from '../../accounts/sessions';
import { audit } from '../audit';
import * as repo from '../repositories/penalties';
import * as users from '../repositories/users';

const KIND_TEXT = { no_comment: '禁止评论', no_upload: '禁止上传', no_download: '禁止下载', disabled: '禁用账号' } as const;

function out(r: repo.PenaltyRow, now: Date): Penalty {
  return {
    id: r.id,
    uid: r.uid,
    kind: r.kind,
    kind_text: KIND_TEXT[r.kind],
    reason: r.reason,
    end_time: r.end_time as unknown as string | null,
    lifted_time: r.lifted_time as unknown as string | null,
    active: r.lifted_time === null && (r.end_time === null || r.end_time > now),
    create_time: r.create_time as unknown as string,
  };
}

/** Puts the account back as it was before a 'disabled' penalty, unless another one still disables it. */
async function reenable(q: Queryable, userId: number, prev: string | null, now: Date): Promise<void> {
  if (!(await repo.stillDisabled(q, userId, now))) await users.reenableUser(q, userId, prev);
}

/** POST staff/penalties/: 'disabled' also restricts the account (POST_SPAM_COMMENTS: the user sees only the notice). */
export async function impose(app: FastifyInstance, staffId: number, body: PenaltyBody): Promise<Penalty> {
  const now = app.now();
  const end = body.end_time ? new Date(body.end_time) : null;
  if (end && end <= now) throw new ApiError(400, 'bad_end_time', '结束时间应晚于现在');
  const row = await app.db.transaction(async (tx) => {
    const user = await users.userForPenalty(tx, body.uid);
    if (!user) throw new ApiError(404, 'not_found', '用户不存在');
    const prev = user.inactive_reason === 'POST_SPAM_COMMENTS' ? null : user.inactive_reason;
    const created = await repo.insertPenalty(tx, { userId: body.uid, kind: body.kind, reason: body.reason.trim(), staffId, end, prevReason: prev }, now);
    // sessions stay: the next call answers 403 account_disabled and the pages show the notice of SPEC §4
    if (body.kind === 'disabled') await users.disableUser(tx, body.uid);
    await audit(tx, { staffId, action: 'penalty.impose', target_type: 'user', target_id: body.uid, before: null, after: { penalty: created.id, kind: body.kind, end_time: end }, reason: body.reason, at: now });
    return created;
  });
  if (body.kind === 'disabled') await userChanged(app, body.uid);
  return out(row, now);
}

/** DELETE staff/penalties/{id}/: lifts a penalty now. */
export async function lift(app: FastifyInstance, staffId: number, id: number): Promise<Penalty> {
  const now = app.now();
  const row = await app.db.transaction(async (tx) => {
    const found = await repo.penaltyForUpdate(tx, id);
    if (!found) throw new ApiError(404, 'not_found', '处罚不存在');
    if (found.lifted_time) throw new ApiError(409, 'already_lifted', '该处罚已解除');
    const lifted = await repo.liftPenalty(tx, id, now);
    if (found.kind === 'disabled') await reenable(tx, found.uid, found.prev_reason, now);
    await audit(tx, { staffId, action: 'penalty.lift', target_type: 'user', target_id: found.uid, before: { penalty: id, kind: found.kind, end_time: found.end_time }, after: { lifted_time: now }, at: now });
    return lifted;
  });
  if (row.kind === 'disabled') await userChanged(app, row.uid);
  return out(row, now);
}

/** Ended 'disabled' penalties give the account back (the sweep; tests call it). */
export async function endDue(app: FastifyInstance, now: Date = app.now()): Promise<number> {
  const due = await repo.endedDisabled(app.db, now);
  for (const p of due) {
    await app.db.transaction(async (tx) => {
      await repo.liftAtEnd(tx, p.id);
      await reenable(tx, p.uid, p.prev_reason, now);
    });
    await userChanged(app, p.uid);
  }
  return due.length;
}

/** GET staff/users/?q=: by uid, phone (whole or its end) or nickname, with their penalties in force. */
export function lookupUsers(app: FastifyInstance, q: string): PaginateOptions<StaffUser> {
  const term = q.trim();
  const uid = /^[0-9]{1,15}$/.test(term) ? Number(term) : -1;
  const search: users.UserSearch = { uid, term, like: term.replace(/[\\%_]/g, (c) => `\\${c}`) };
  return {
    count: () => users.countUsers(app.db, search),
    fetch: async (limit, offset) => {
      const rows = await users.searchUsers(app.db, search, limit, offset);
      const now = app.now();
      const penalties = rows.length ? await repo.activePenaltiesOf(app.db, rows.map((r) => r.uid), now) : [];
      return rows.map((r) => ({
        uid: r.uid,
        nickname: r.nickname,
        mobile: r.mobile ? maskMobile(r.mobile) : '',
        level: r.level,
        is_active: r.inactive_reason === null ? 1 : 0,
        inactive_reason: r.inactive_reason,
        roles: r.roles ?? [],
        penalties: penalties.filter((p) => p.uid === r.uid).map((p) => out(p, now)),
        create_time: r.create_time as unknown as string,
      }));
    },
  };
}
