const STATEMENT_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Db.preparedQuery's rules on both engines: a plain statement name, safe integers only as parameters. */
export function checkPrepared(name: string, params: readonly number[]): void {
  if (!STATEMENT_NAME.test(name)) throw new Error(`invalid prepared statement name: ${name}`);
  for (const p of params) if (!Number.isSafeInteger(p)) throw new Error(`prepared statement ${name} takes integer parameters`);
}
