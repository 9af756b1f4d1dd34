const STATEMENT_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** A parameter of Db.preparedQuery: a safe integer, or an array of them (`$1::bigint[]`). */
export type PreparedParam = number | readonly number[];

/** Db.preparedQuery's rules on both engines: a plain statement name, safe integers (or arrays of them) only as parameters. */
export function checkPrepared(name: string, params: readonly PreparedParam[]): void {
  if (!STATEMENT_NAME.test(name)) throw new Error(`invalid prepared statement name: ${name}`);
  for (const p of params) {
    const ok = typeof p === 'number' ? Number.isSafeInteger(p) : Array.isArray(p) && p.every((n) => Number.isSafeInteger(n));
    if (!ok) throw new Error(`prepared statement ${name} takes integer parameters`);
  }
}

/** SQL text of a checked parameter: `12`, or an array literal `'{1,2,3}'` (the statement's parameter type casts it). */
export function preparedLiteral(p: PreparedParam): string {
  return typeof p === 'number' ? String(p) : `'{${p.join(',')}}'`;
}
