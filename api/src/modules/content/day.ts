import { QUOTA_DAY_OFFSET_MS } from './constants';

/** The calendar day (UTC+8) of an instant, 'YYYY-MM-DD'. */
export function dayOf(now: Date): string {
  return new Date(now.getTime() + QUOTA_DAY_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first instant of the UTC+8 day of `now`. */
export function startOfDay(now: Date): Date {
  const shifted = now.getTime() + QUOTA_DAY_OFFSET_MS;
  return new Date(shifted - (shifted % 86_400_000) - QUOTA_DAY_OFFSET_MS);
}

/** The first instant of the next UTC+8 day. */
export function startOfNextDay(now: Date): Date {
  return new Date(startOfDay(now).getTime() + 86_400_000);
}
