import type { Penalty, PenaltyBody, StaffUser } from 'contracts';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../core/db';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { maskMobile } from '../../accounts/phone';
import { userChanged } from '../../accounts/sessions';
import { audit } from '../audit';

interface Row {
  id: number;
  uid: number;
  kind: Penalty['kind'];
  reason: string;
  end_time: Date | null;
  lifted_time: Date | null;
  prev_reason: string | null;
  create_time: Date;
}

const KIND_TEXT = { no_comment: '禁止评论', no_upload: '禁止上传', no_download: '禁止下载', disabled: '禁用账号' } as const;
const COLUMNS = 'id::int AS id, user_id::int AS uid, kind, reason, end_time, lifted_time, prev_reason, create_time';

function out(r: Row, now: Date): Penalty {
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
  const still = await q.query(
    `SELECT 1 FROM penalties WHERE user_id = $1 AND kind = 'disabled' AND lifted_time IS NULL AND (end_time IS NULL OR end_time > $2)`,
    [userId, now],
  );
  if (!still.length) await q.query(`UPDATE users SET inactive_reason = $2 WHERE id = $1 AND inactive_reason = 'POST_SPAM_COMMENTS'`, [userId, prev]);
}

/** POST staff/penalties/: 'disabled' also restricts the account (POST_SPAM_COMMENTS: the user sees only the notice). */
export async function impose(app: FastifyInstance, staffId: number, body: PenaltyBody): Promise<Penalty> {
  const now = app.now();
  const end = body.end_time ? new Date(body.end_time) : null;
  if (end && end <= now) throw new ApiError(400, 'bad_end_time', '结束时间应晚于现在');
  const row = await app.db.transaction(async (tx) => {
    const [user] = await tx.query<{ inactive_reason: string | null }>('SELECT inactive_reason FROM users WHERE id = $1 AND delete_time IS NULL FOR UPDATE', [body.uid]);
    if (!user) throw new ApiError(404, 'not_found', '用户不存在');
    const prev = user.inactive_reason === 'POST_SPAM_COMMENTS' ? null : user.inactive_reason;
    const [created] = await tx.query<Row>(
      `INSERT INTO penalties (user_id, kind, reason, staff_id, end_time, prev_reason, create_time) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [body.uid, body.kind, body.reason.trim(), staffId, end, prev, now],
    );
    // sessions stay: the next call answers 403 account_disabled and the pages show the notice of SPEC §4
    if (body.kind === 'disabled') await tx.query(`UPDATE users SET inactive_reason = 'POST_SPAM_COMMENTS' WHERE id = $1`, [body.uid]);
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
    const [found] = await tx.query<Row>(`SELECT ${COLUMNS} FROM penalties WHERE id = $1 FOR UPDATE`, [id]);
    if (!found) throw new ApiError(404, 'not_found', '处罚不存在');
    if (found.lifted_time) throw new ApiError(409, 'already_lifted', '该处罚已解除');
    const [lifted] = await tx.query<Row>(`UPDATE penalties SET lifted_time = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [id, now]);
    if (found.kind === 'disabled') await reenable(tx, found.uid, found.prev_reason, now);
    await audit(tx, { staffId, action: 'penalty.lift', target_type: 'user', target_id: found.uid, before: { penalty: id, kind: found.kind, end_time: found.end_time }, after: { lifted_time: now }, at: now });
    return lifted;
  });
  if (row.kind === 'disabled') await userChanged(app, row.uid);
  return out(row, now);
}

/** Ended 'disabled' penalties give the account back (the sweep; tests call it). */
export async function endDue(app: FastifyInstance, now: Date = app.now()): Promise<number> {
  const due = await app.db.query<Row>(
    `SELECT ${COLUMNS} FROM penalties WHERE kind = 'disabled' AND lifted_time IS NULL AND end_time <= $1 ORDER BY id LIMIT 200`,
    [now],
  );
  for (const p of due) {
    await app.db.transaction(async (tx) => {
      await tx.query('UPDATE penalties SET lifted_time = end_time WHERE id = $1 AND lifted_time IS NULL', [p.id]);
      await reenable(tx, p.uid, p.prev_reason, now);
    });
    await userChanged(app, p.uid);
  }
  return due.length;
}

interface UserRow {
  uid: number;
  nickname: string;
  mobile: string | null;
  level: number;
  inactive_reason: string | null;
  roles: string[] | null;
  create_time: Date;
}

/** GET staff/users/?q=: by uid, phone (whole or its end) or nickname, with their penalties in force. */
export function lookupUsers(app: FastifyInstance, q: string): PaginateOptions<StaffUser> {
  const term = q.trim();
  const uid = /^[0-9]{1,15}$/.test(term) ? Number(term) : -1;
  const where = `u.delete_time IS NULL AND (u.id = $1 OR u.mobile = $2 OR (char_length($2) >= 4 AND u.mobile LIKE '%' || $2) OR u.nickname ILIKE '%' || $3 || '%')`;
  const like = term.replace(/[\\%_]/g, (c) => `\\${c}`);
  const params = [uid, term, like];
  return {
    count: async () => (await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${where}`, params))[0].n,
    fetch: async (limit, offset) => {
      const rows = await app.db.query<UserRow>(
        `SELECT u.id::int AS uid, u.nickname, u.mobile, u.level::int AS level, u.inactive_reason, u.create_time,
           (SELECT array_agg(role ORDER BY role) FROM staff_roles s WHERE s.user_id = u.id) AS roles
           FROM users u WHERE ${where} ORDER BY (u.id = $1 OR u.mobile = $2) DESC, u.id LIMIT $4 OFFSET $5`,
        [...params, limit, offset],
      );
      const now = app.now();
      const penalties = rows.length
        ? await app.db.query<Row>(
            `SELECT ${COLUMNS} FROM penalties WHERE user_id = ANY($1::bigint[]) AND lifted_time IS NULL AND (end_time IS NULL OR end_time > $2) ORDER BY id`,
            [rows.map((r) => r.uid), now],
          )
        : [];
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
