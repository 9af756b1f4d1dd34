const STATEMENT_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A parameter of Db.preparedQuery: a safe integer, an array of them (`$1::bigint[]`), a text (a tsquery, an enum
 * value; PGlite writes it as a quoted literal, see preparedLiteral), or an array of texts (`$1::text[]`).
 */
export type PreparedParam = number | string | readonly number[] | readonly string[];

const isText = (p: unknown): p is string => typeof p === 'string' && !p.includes('\u0000');

/** Db.preparedQuery's rules on both engines: a plain statement name; safe integers (or arrays of them) or texts without NUL. */
export function checkPrepared(name: string, params: readonly PreparedParam[]): void {
  if (!STATEMENT_NAME.test(name)) throw new Error(`invalid prepared statement name: ${name}`);
  for (const p of params) {
    const ok =
      typeof p === 'number'
        ? Number.isSafeInteger(p)
        : typeof p === 'string'
          ? isText(p)
          : Array.isArray(p) && (p.every((n) => Number.isSafeInteger(n)) || p.every(isText));
    if (!ok) throw new Error(`prepared statement ${name} takes integer or text parameters`);
  }
}

/**
 * SQL text of a checked parameter: `12`, an array literal `'{1,2,3}'`, or an escape-string literal `E'it''s'` (its
 * quotes and backslashes escaped, so that nothing in it ends the literal whatever standard_conforming_strings says);
 * an array of texts is such a literal of `{"a","b"}`, each element quoted (so that `NULL` or a comma in it stays
 * text) with its own quotes and backslashes escaped. The statement's parameter type casts it.
 */
export function preparedLiteral(p: PreparedParam): string {
  if (typeof p === 'number') return String(p);
  if (typeof p === 'string') return textLiteral(p);
  if (p.every((item: number | string) => typeof item === 'number')) return `'{${p.join(',')}}'`;
  return textLiteral(`{${p.map((item) => `"${String(item).replace(/[\\"]/g, '\\$&')}"`).join(',')}}`);
}

function textLiteral(text: string): string {
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
