/** A unique constraint refused the write (SQLSTATE 23505), on either engine. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
