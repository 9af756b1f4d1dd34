import { getLocal, removeLocal, setLocal } from 'shared-kernel';

/**
 * The disclaimer must be acknowledged (SPEC §2, §4): once an account is activated it is owed, and it stays owed
 * across reloads (local storage) until the user accepts it.
 */
const KEY = 'disclaimer_pending_uid';

export function markDisclaimerOwed(uid: number): void {
  setLocal(KEY, uid);
}

export function disclaimerOwedTo(): number | null {
  const uid = getLocal<number>(KEY);
  return typeof uid === 'number' ? uid : null;
}

export function acknowledgeDisclaimer(): void {
  removeLocal(KEY);
}
