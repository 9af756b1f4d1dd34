import { USER_INFO_KEY, loadUserFromStorage } from 'shared-kernel';

/**
 * Keeps the tabs of one browser agreeing on who is logged in: a login or logout in another tab rewrites the user
 * info in local storage, which this tab hears as a storage event and reloads through the kernel (its 'user:changed'
 * then moves this tab on, e.g. back from the login page to where the person wanted to go).
 */
export function syncUserAcrossTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === USER_INFO_KEY || event.key === null) loadUserFromStorage();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
