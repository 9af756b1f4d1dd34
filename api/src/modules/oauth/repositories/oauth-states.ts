import type { Queryable } from '../../../core/db';

export interface NewOAuthState {
  stateHash: string;
  provider: string;
  browserHash: string;
  platform: string;
  /** The account to bind the identity to; null for a login. */
  userId: number | null;
  now: Date;
  expireTime: Date;
}

export interface OAuthStateRow {
  provider: string;
  browser_hash: string;
  platform: string;
  user_id: number | null;
  expire_time: Date;
}

export async function insertState(q: Queryable, s: NewOAuthState): Promise<void> {
  await q.query(
    `INSERT INTO oauth_states (state_hash, provider, browser_hash, platform, user_id, create_time, expire_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [s.stateHash, s.provider, s.browserHash, s.platform, s.userId, s.now, s.expireTime],
  );
}

/** Takes a state (deleted in the same statement: a state works once), whatever it turns out to be. */
export async function takeState(q: Queryable, stateHash: string): Promise<OAuthStateRow | undefined> {
  const [row] = await q.query<OAuthStateRow>(
    'DELETE FROM oauth_states WHERE state_hash = $1 RETURNING provider, browser_hash, platform, user_id, expire_time',
    [stateHash],
  );
  return row;
}

export async function deleteStatesExpiredBefore(q: Queryable, cutoff: Date): Promise<void> {
  await q.query('DELETE FROM oauth_states WHERE expire_time < $1', [cutoff]);
}
