import type { Queryable } from '../../../core/db';

/** A trd_accounts row as the binding list shows it. */
export interface TrdAccountRow {
  id: number;
  provider: string;
  nickname: string;
  avatar: string;
  create_time: Date;
}

/** The profile a provider reports with an identity, cut to the columns' sizes. */
export interface TrdProfile {
  nickname?: string;
  avatar?: string;
}
const nicknameOf = (p: TrdProfile) => (p.nickname ?? '').slice(0, 100);
const avatarOf = (p: TrdProfile) => (p.avatar ?? '').slice(0, 500);

/** The account an identity of `provider` is bound to. */
export async function boundUserId(q: Queryable, provider: string, openid: string): Promise<number | undefined> {
  const [row] = await q.query<{ user_id: number }>('SELECT user_id FROM trd_accounts WHERE provider = $1 AND openid = $2', [
    provider,
    openid,
  ]);
  return row?.user_id;
}

/** The first live account bound to `unionid` through any provider (WeChat links its apps by unionid). */
export async function unionUserId(q: Queryable, unionid: string): Promise<number | undefined> {
  const [row] = await q.query<{ user_id: number }>(
    `SELECT t.user_id FROM trd_accounts t JOIN users u ON u.id = t.user_id
      WHERE t.unionid = $1 AND u.delete_time IS NULL ORDER BY t.id LIMIT 1`,
    [unionid],
  );
  return row?.user_id;
}

export interface NewTrdAccount {
  userId: number;
  provider: string;
  openid: string;
  unionid: string | null;
  profile?: TrdProfile;
  now: Date;
}

/** Binds an identity found at login (a unique violation when a parallel login bound it first). */
export async function insertTrdAccount(q: Queryable, a: NewTrdAccount): Promise<void> {
  await q.query(`INSERT INTO trd_accounts (user_id, provider, openid, unionid, create_time) VALUES ($1, $2, $3, $4, $5)`, [
    a.userId,
    a.provider,
    a.openid,
    a.unionid,
    a.now,
  ]);
}

/**
 * Binds an identity to an account with its profile; undefined when the account has another identity of the
 * provider already (a unique violation when another account has this one).
 */
export async function bindTrdAccount(q: Queryable, a: NewTrdAccount): Promise<TrdAccountRow | undefined> {
  const [row] = await q.query<TrdAccountRow>(
    `INSERT INTO trd_accounts (user_id, provider, openid, unionid, nickname, avatar, create_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (user_id, provider) DO NOTHING
     RETURNING id, provider, nickname, avatar, create_time`,
    [a.userId, a.provider, a.openid, a.unionid, nicknameOf(a.profile ?? {}), avatarOf(a.profile ?? {}), a.now],
  );
  return row;
}

/** The profile the provider reported at this login. */
export async function updateTrdProfile(q: Queryable, provider: string, openid: string, profile: TrdProfile): Promise<void> {
  await q.query(`UPDATE trd_accounts SET nickname = $3, avatar = $4 WHERE provider = $1 AND openid = $2`, [
    provider,
    openid,
    nicknameOf(profile),
    avatarOf(profile),
  ]);
}

export async function countTrdAccounts(q: Queryable, userId: number): Promise<number> {
  return (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM trd_accounts WHERE user_id = $1', [userId]))[0].n;
}

export function listTrdAccounts(q: Queryable, userId: number, limit: number, offset: number): Promise<TrdAccountRow[]> {
  return q.query<TrdAccountRow>(
    `SELECT id, provider, nickname, avatar, create_time FROM trd_accounts WHERE user_id = $1
      ORDER BY create_time, id LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
}

/** Every binding of the account (id and provider). */
export function userTrdProviders(q: Queryable, userId: number): Promise<{ id: number; provider: string }[]> {
  return q.query<{ id: number; provider: string }>('SELECT id, provider FROM trd_accounts WHERE user_id = $1', [userId]);
}

export async function deleteTrdAccount(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM trd_accounts WHERE id = $1', [id]);
}

/** True when both accounts have an identity of the same provider (they cannot be merged). */
export async function sharesProvider(q: Queryable, userId: number, otherUserId: number): Promise<boolean> {
  const clash = await q.query(
    `SELECT 1 FROM trd_accounts a JOIN trd_accounts b ON a.provider = b.provider
      WHERE a.user_id = $1 AND b.user_id = $2`,
    [userId, otherUserId],
  );
  return clash.length > 0;
}

/** Every identity of one account moves to another. */
export async function moveTrdAccounts(q: Queryable, fromUserId: number, toUserId: number): Promise<void> {
  await q.query('UPDATE trd_accounts SET user_id = $2 WHERE user_id = $1', [fromUserId, toUserId]);
}

/** The user's openid on one of the chat app's platforms (weixingzh: the official account; weixin_miniapp). */
export async function openidOf(q: Queryable, userId: number, provider: string): Promise<string | null> {
  const [row] = await q.query<{ openid: string }>('SELECT openid FROM trd_accounts WHERE user_id = $1 AND provider = $2', [userId, provider]);
  return row ? row.openid : null;
}
