import { getLocal, setAnalyticsVisitorId, setLocal } from 'shared-kernel';

/** Local-storage key of this browser's anonymous visitor id. */
export const VISITOR_ID_KEY = 'visitor_id';
/** The id is kept for a year, then a new one starts. */
const VISITOR_ID_DAYS = 365;

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * This browser's anonymous visitor id (created on the first visit), handed to the kernel so every API request
 * carries it as its trace id (SPEC.md §7).
 */
export function initVisitorId(): string {
  let id = getLocal<string>(VISITOR_ID_KEY);
  if (typeof id !== 'string' || !/^[0-9a-f]{32}$/.test(id)) {
    id = randomId();
    setLocal(VISITOR_ID_KEY, id, VISITOR_ID_DAYS);
  }
  setAnalyticsVisitorId(id);
  return id;
}
