import type { Queryable } from '../../../core/db';

/** First key of the advisory lock that serialises sends to one target (the second is a hash of the target). */
const SEND_LOCK_KEY = 72_640_002;

/** Serialises the sends to one target until the transaction ends. */
export async function lockTarget(q: Queryable, channel: string, target: string): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SEND_LOCK_KEY, `${channel}:${target}`]);
}

export async function deleteCodesCreatedBefore(q: Queryable, cutoff: Date): Promise<void> {
  await q.query('DELETE FROM verification_codes WHERE create_time < $1', [cutoff]);
}

/** A code sent: when (ms), whether at the request of the target's proven owner, its reason and its HMAC. */
export interface Send {
  at: number;
  byOwner: boolean;
  reason: string;
  codeHash: string;
}

/** The codes sent to the target since `since`, newest first. */
export async function sends(q: Queryable, channel: string, target: string, since: Date): Promise<Send[]> {
  const rows = await q.query<{ create_time: Date; by_owner: boolean; reason: string; code_hash: string }>(
    `SELECT create_time, by_owner, reason, code_hash FROM verification_codes
      WHERE channel = $1 AND target = $2 AND create_time > $3 ORDER BY create_time DESC`,
    [channel, target, since],
  );
  return rows.map((r) => ({ at: r.create_time.getTime(), byOwner: r.by_owner, reason: r.reason, codeHash: r.code_hash }));
}

export interface NewCode {
  channel: string;
  target: string;
  reason: string;
  codeHash: string;
  now: Date;
  expireTime: Date;
  /** Sent at the request of the target's proven owner (counted apart from everybody else's sends). */
  byOwner: boolean;
}

/** Stores a code; the previous unused one for the same target and reason stops working. Answers its id. */
export async function replaceCode(q: Queryable, c: NewCode): Promise<number> {
  await q.query(
    `UPDATE verification_codes SET consume_time = $4
      WHERE channel = $1 AND target = $2 AND reason = $3 AND consume_time IS NULL`,
    [c.channel, c.target, c.reason, c.now],
  );
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO verification_codes (channel, target, reason, code_hash, create_time, expire_time, by_owner)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [c.channel, c.target, c.reason, c.codeHash, c.now, c.expireTime, c.byOwner],
  );
  return row.id;
}

/** The code is used up (spent, or its delivery failed); false when it was already. */
export async function consumeCode(q: Queryable, id: number, now: Date): Promise<boolean> {
  const used = await q.query('UPDATE verification_codes SET consume_time = $2 WHERE id = $1 AND consume_time IS NULL RETURNING id', [id, now]);
  return used.length === 1;
}

/**
 * Counts a try against the newest live code of (channel, target, reason), in one statement so that parallel
 * guesses cannot exceed `maxAttempts`; answers the code (id and hash), or undefined when none is left to try.
 */
export async function countAttempt(
  q: Queryable,
  key: { channel: string; target: string; reason: string },
  now: Date,
  maxAttempts: number,
): Promise<{ id: number; code_hash: string } | undefined> {
  const [row] = await q.query<{ id: number; code_hash: string }>(
    `UPDATE verification_codes SET attempts = attempts + 1
      WHERE id = (SELECT id FROM verification_codes
                   WHERE channel = $1 AND target = $2 AND reason = $3 AND consume_time IS NULL AND expire_time > $4
                   ORDER BY id DESC LIMIT 1)
        AND attempts < $5 AND consume_time IS NULL
      RETURNING id, code_hash`,
    [key.channel, key.target, key.reason, now, maxAttempts],
  );
  return row;
}
