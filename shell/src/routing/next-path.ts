import { currentFullPath, navigate, type NextPathAction } from 'shared-kernel';

/** Sets the browser location (a docs-pay download): a seam so tests can see it. */
export type LocationSetter = (url: string) => void;

/**
 * Sets the location once the page has loaded: a navigation started while the page still loads would stop its
 * loading (and a download address never replaces the page anyway).
 */
export const assignLocation: LocationSetter = (url) => {
  const go = () => window.location.assign(url);
  if (document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
};

/**
 * Carries out what the nextPath cookie asked for (the kernel's consumeNextPath() read and cleared it): docs-pay
 * first sets the browser location to the download, then every kind goes to its page, replacing the current entry
 * (the page that came back from the payment or third-party login is not one to go back to). Returns true when it
 * navigated.
 */
export function applyNextPath(action: NextPathAction, setLocation: LocationSetter = assignLocation): boolean {
  if (action.location) setLocation(action.location);
  if (!action.to || action.to === currentFullPath()) return false;
  navigate(action.to, { replace: true });
  return true;
}
