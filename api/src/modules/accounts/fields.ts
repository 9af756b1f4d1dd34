/** The client's platform field as the sessions keep it: as sent (a number becomes its digits), or `fallback`. */
export function platformOf(raw: number | string | undefined, fallback = ''): string {
  return raw === undefined || raw === '' ? fallback : String(raw);
}
