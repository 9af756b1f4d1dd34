/** PostgreSQL type OIDs whose text form both engines must turn into the same JavaScript value. */
export const OID = {
  INT8: 20,
  DATE: 1082,
} as const;

/** int8 as a number while it is a safe integer, as a bigint beyond (PGlite's own rule, applied to pg too). */
export function parseInt8(text: string): number | bigint {
  const big = BigInt(text);
  return big < BigInt(Number.MIN_SAFE_INTEGER) || big > BigInt(Number.MAX_SAFE_INTEGER) ? big : Number(big);
}

/** date stays 'YYYY-MM-DD': a Date would shift by the process time zone on one engine and not the other. */
export function parseDate(text: string): string {
  return text;
}
