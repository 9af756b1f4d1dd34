import type { Queryable } from '../../../core/db';

/** The live user's inactive_reason, the user locked; undefined when there is no such user. */
export async function userForPenalty(q: Queryable, userId: number): Promise<{ inactive_reason: string | null } | undefined> {
  const [row] = await q.query<{ inactive_reason: string | null }>('SELECT inactive_reason FROM users WHERE id = $1 AND delete_time IS NULL FOR UPDATE', [userId]);
  return row;
}

/** Restricts the account (POST_SPAM_COMMENTS: the user sees only the notice). */
export async function disableUser(q: Queryable, userId: number): Promise<void> {
  await q.query(`UPDATE users SET inactive_reason = 'POST_SPAM_COMMENTS' WHERE id = $1`, [userId]);
}

/** Puts back the inactive_reason from before the penalty, if the account is still the penalty's POST_SPAM_COMMENTS. */
export async function reenableUser(q: Queryable, userId: number, prev: string | null): Promise<void> {
  await q.query(`UPDATE users SET inactive_reason = $2 WHERE id = $1 AND inactive_reason = 'POST_SPAM_COMMENTS'`, [userId, prev]);
}

export interface StaffUserRow {
  uid: number;
  nickname: string;
  mobile: string | null;
  level: number;
  inactive_reason: string | null;
  roles: string[] | null;
  create_time: Date;
}

/** Live users by uid, phone (whole, or its end of 4+ digits) or nickname (`like`: the term with \ % _ escaped). */
export interface UserSearch {
  uid: number;
  term: string;
  like: string;
}

const WHERE = `u.delete_time IS NULL AND (u.id = $1 OR u.mobile = $2 OR (char_length($2) >= 4 AND u.mobile LIKE '%' || $2) OR u.nickname ILIKE '%' || $3 || '%')`;

export async function countUsers(q: Queryable, s: UserSearch): Promise<number> {
  return (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${WHERE}`, [s.uid, s.term, s.like]))[0].n;
}

/** Exact uid or phone matches first. */
export async function searchUsers(q: Queryable, s: UserSearch, limit: number, offset: number): Promise<StaffUserRow[]> {
  return q.query<StaffUserRow>(
    `SELECT u.id::int AS uid, u.nickname, u.mobile, u.level::int AS level, u.inactive_reason, u.create_time,
       (SELECT array_agg(role ORDER BY role) FROM staff_roles s WHERE s.user_id = u.id) AS roles
       FROM users u WHERE ${WHERE} ORDER BY (u.id = $1 OR u.mobile = $2) DESC, u.id LIMIT $4 OFFSET $5`,
    [s.uid, s.term, s.like, limit, offset],
  );
}
