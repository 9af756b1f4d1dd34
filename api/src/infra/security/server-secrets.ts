import type { Db } from '../../core/db';

/**
 * A secret the server generates at its first start and keeps in server_secrets (table of migration 0006), so
 * every process and every restart uses the same one. Two processes starting together both generate, one
 * insert wins, both read the winner.
 */
export async function loadServerSecret(db: Db, name: string, generate: () => Promise<string>): Promise<string> {
  const read = async () =>
    (await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name]))[0]?.value;
  const existing = await read();
  if (existing) return existing;
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    await generate(),
  ]);
  const stored = await read();
  if (!stored) throw new Error(`server secret ${name} could not be stored`);
  return stored;
}
