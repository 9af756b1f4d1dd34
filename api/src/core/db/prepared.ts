const STATEMENT_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A parameter of Db.preparedQuery: a safe integer, an array of them (`$1::bigint[]`), or a text (a tsquery, an
 * enum value; PGlite writes it as a quoted literal, see preparedLiteral).
 */
export type PreparedParam = number | string | readonly number[];

/** Db.preparedQuery's rules on both engines: a plain statement name; safe integers (or arrays of them) or texts without NUL. */
export function checkPrepared(name: string, params: readonly PreparedParam[]): void {
  if (!STATEMENT_NAME.test(name)) throw new Error(`invalid prepared statement name: ${name}`);
  for (const p of params) {
    const ok =
      typeof p === 'number'
        ? Number.isSafeInteger(p)
        : typeof p === 'string'
          ? !p.includes('\u0000')
          : Array.isArray(p) && p.every((n) => Number.isSafeInteger(n));
    if (!ok) throw new Error(`prepared statement ${name} takes integer or text parameters`);
  }
}

/**
 * SQL text of a checked parameter: `12`, an array literal `'{1,2,3}'`, or an escape-string literal `E'it''s'` (its
 * quotes and backslashes escaped, so that nothing in it ends the literal whatever standard_conforming_strings says);
 * the statement's parameter type casts it.
 */
export function preparedLiteral(p: PreparedParam): string {
  if (typeof p === 'number') return String(p);
  if (typeof p === 'string') return `E'${p.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  return `'{${p.join(',')}}'`;
}
