import type { Queryable } from '../../../core/db';

/** A cached provider credential (an access token, a ticket) that has not expired at `now`; null otherwise. */
export async function findProviderToken(db: Queryable, name: string, now: Date): Promise<string | null> {
  const [row] = await db.query<{ value: string }>('SELECT value FROM provider_tokens WHERE name = $1 AND expire_time > $2', [name, now]);
  return row?.value ?? null;
}

/** Stores (or replaces) a provider credential until `expireTime`. */
export async function saveProviderToken(db: Queryable, name: string, value: string, expireTime: Date): Promise<void> {
  await db.query(
    `INSERT INTO provider_tokens (name, value, expire_time) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, expire_time = EXCLUDED.expire_time`,
    [name, value, expireTime],
  );
}
