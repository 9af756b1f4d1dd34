import type { Queryable } from '../../../core/db';

export async function codeOfUser(q: Queryable, userId: number): Promise<string | null> {
  const [row] = await q.query<{ code: string }>('SELECT code FROM invite_codes WHERE user_id = $1', [userId]);
  return row ? row.code : null;
}

/** Gives the user `code` unless the code or the user has one already; true when it was written. */
export async function insertCode(q: Queryable, userId: number, code: string, device: string | null, now: Date): Promise<boolean> {
  const rows = await q.query(
    'INSERT INTO invite_codes (user_id, code, device, create_time) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING user_id',
    [userId, code, device, now],
  );
  return rows.length > 0;
}

/** Remembers the browser that showed the code (a registration from it with this code is self-invitation). */
export async function setCodeDevice(q: Queryable, userId: number, device: string): Promise<void> {
  await q.query('UPDATE invite_codes SET device = $2 WHERE user_id = $1 AND device IS DISTINCT FROM $2', [userId, device]);
}

/** One code no one holds, in random order (the space is 10000-99999); null when all are taken. */
export async function freeCode(q: Queryable): Promise<string | null> {
  const [row] = await q.query<{ code: string }>(
    `SELECT g::text AS code FROM generate_series(10000, 99999) g
      WHERE NOT EXISTS (SELECT 1 FROM invite_codes c WHERE c.code = g::text) ORDER BY random() LIMIT 1`,
  );
  return row ? row.code : null;
}

/**
 * The space is full: frees the code held longest by an account that never brought anyone (deleted accounts'
 * codes first). Answers the freed code, or null when every code has brought someone.
 */
export async function recycleIdleCode(q: Queryable, olderThan: Date): Promise<string | null> {
  const [row] = await q.query<{ code: string }>(
    `DELETE FROM invite_codes WHERE user_id = (
       SELECT c.user_id FROM invite_codes c JOIN users u ON u.id = c.user_id
        WHERE c.create_time < $1 AND NOT EXISTS (SELECT 1 FROM invitations i WHERE i.inviter_id = c.user_id)
        ORDER BY (u.delete_time IS NULL), c.create_time LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING code`,
    [olderThan],
  );
  return row ? row.code : null;
}

export interface CodeHolder {
  user_id: number;
  nickname: string;
  device: string | null;
  active: boolean;
}

export async function holderOfCode(q: Queryable, code: string): Promise<CodeHolder | undefined> {
  const [row] = await q.query<CodeHolder>(
    `SELECT c.user_id, u.nickname, c.device, (u.delete_time IS NULL AND (u.inactive_reason IS NULL OR u.inactive_reason <> 'POST_SPAM_COMMENTS')) AS active
       FROM invite_codes c JOIN users u ON u.id = c.user_id WHERE c.code = $1`,
    [code],
  );
  return row;
}

export async function insertInvitation(q: Queryable, inviteeId: number, inviterId: number, code: string, now: Date): Promise<void> {
  await q.query(
    'INSERT INTO invitations (invitee_id, inviter_id, code, create_time) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
    [inviteeId, inviterId, code, now],
  );
}

export interface PendingInvitation {
  invitee_id: number;
  inviter_id: number;
  invitee_phone: string | null;
}

/**
 * Invitations not rewarded yet whose invitee did something real: an active account (is_active, a phone) and a
 * published document (status 1 or 5) or a paid order. Optionally only those of one inviter or invitee.
 */
export function dueInvitations(q: Queryable, userId: number | null, limit: number): Promise<PendingInvitation[]> {
  return q.query<PendingInvitation>(
    `SELECT i.invitee_id, i.inviter_id, u.country_code || '-' || u.mobile AS invitee_phone FROM invitations i JOIN users u ON u.id = i.invitee_id
      WHERE i.rewarded_time IS NULL AND u.delete_time IS NULL AND u.inactive_reason IS NULL AND u.mobile IS NOT NULL
        AND ($1::bigint IS NULL OR i.inviter_id = $1 OR i.invitee_id = $1)
        AND (EXISTS (SELECT 1 FROM documents d WHERE d.uploader_id = i.invitee_id AND d.status IN (1, 5))
             OR EXISTS (SELECT 1 FROM orders o WHERE o.user_id = i.invitee_id AND o.state IN ('paid', 'refunding')))
      ORDER BY i.create_time LIMIT $2`,
    [userId, limit],
  );
}

/** Locks the invitation while it is rewarded; null when another transaction rewarded it first. */
export async function lockPendingInvitation(q: Queryable, inviteeId: number): Promise<{ inviter_id: number } | undefined> {
  const [row] = await q.query<{ inviter_id: number }>(
    'SELECT inviter_id FROM invitations WHERE invitee_id = $1 AND rewarded_time IS NULL FOR UPDATE',
    [inviteeId],
  );
  return row;
}

export async function markRewarded(q: Queryable, inviteeId: number, now: Date): Promise<void> {
  await q.query('UPDATE invitations SET rewarded_time = $2 WHERE invitee_id = $1', [inviteeId, now]);
}

/** Inviter rewards credited to one inviter since `since` (the day's limit). */
export async function inviterRewardsSince(q: Queryable, inviterId: number, since: Date): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM activity_claims WHERE user_id = $1 AND kind = 'invite_inviter' AND create_time >= $2`,
    [inviterId, since],
  );
  return row.n;
}

export async function inviteStats(q: Queryable, inviterId: number): Promise<{ invited: number; rewarded: number; earned: number }> {
  const [row] = await q.query<{ invited: number; rewarded: number; earned: number }>(
    `SELECT (SELECT count(*) FROM invitations WHERE inviter_id = $1)::int AS invited,
            (SELECT count(*) FROM invitations WHERE inviter_id = $1 AND rewarded_time IS NOT NULL)::int AS rewarded,
            (SELECT coalesce(sum(coins), 0) FROM activity_claims WHERE user_id = $1 AND kind = 'invite_inviter')::int AS earned`,
    [inviterId],
  );
  return row;
}

export interface InviteeRow {
  nickname: string;
  create_time: Date;
  rewarded_time: Date | null;
  coins: number;
}

export function listInvitees(q: Queryable, inviterId: number, limit: number, offset: number): Promise<InviteeRow[]> {
  return q.query<InviteeRow>(
    `SELECT u.nickname, i.create_time, i.rewarded_time,
            coalesce((SELECT sum(k.coins) FROM activity_claims k WHERE k.user_id = $1 AND k.kind = 'invite_inviter' AND k.invitee_id = i.invitee_id), 0)::int AS coins
       FROM invitations i JOIN users u ON u.id = i.invitee_id WHERE i.inviter_id = $1 ORDER BY i.create_time DESC, i.invitee_id DESC LIMIT $2 OFFSET $3`,
    [inviterId, limit, offset],
  );
}

export async function countInvitees(q: Queryable, inviterId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM invitations WHERE inviter_id = $1', [inviterId]);
  return row.n;
}

/** Phone ("86-139…") and age of an account, for the gift's checks. */
export async function userFacts(q: Queryable, userId: number): Promise<{ phone: string | null; create_time: Date } | undefined> {
  const [row] = await q.query<{ phone: string | null; create_time: Date }>(
    `SELECT CASE WHEN mobile IS NULL THEN NULL ELSE country_code || '-' || mobile END AS phone, create_time FROM users WHERE id = $1`,
    [userId],
  );
  return row;
}
