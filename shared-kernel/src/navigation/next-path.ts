import { routePath } from '../routing/match';
import { loadUserFromCookie } from '../state/user';
import { COOKIES, takeCookie } from '../storage/cookies';
import { takeSession } from '../storage/local-store';
import { isSitePath, userInfoPath } from './routes';

/** Values of the nextPath cookie (SPEC.md §2). */
export const NEXT_PATH_KINDS = ['coin-pay', 'docs-pay', 'trd-login', 'redirect-path'] as const;
export type NextPathKind = (typeof NEXT_PATH_KINDS)[number];

export interface NextPathAction {
  kind: NextPathKind;
  /** Where to navigate; null when the cookie pointed nowhere usable. */
  to: string | null;
  /** docs-pay only: the URL to set as the browser location (a download), when the docs-url cookie held one. */
  location?: string | null;
}

function isHttpUrl(value: string | null): value is string {
  if (!value) return false;
  if (isSitePath(value)) return true;
  try {
    const protocol = new URL(value).protocol;
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Reads and clears the nextPath cookie, on every route change (the shell calls it), and says what to do:
 * - coin-pay: go to user info 0;
 * - docs-pay: read and clear docs-url and docs-id: set the location to docs-url, go to that document's detail;
 * - trd-login: take the user info the third-party login left (its cookie), then go to user info 0;
 * - redirect-path: go to the path saved under the redirect key (with its query), and clear it.
 * Null when there is no cookie or an unknown value. Only site paths and http(s) URLs are ever returned.
 */
export function consumeNextPath(): NextPathAction | null {
  const kind = takeCookie(COOKIES.nextPath);
  switch (kind) {
    case 'coin-pay':
      return { kind, to: userInfoPath(0) };
    case 'docs-pay': {
      const url = takeCookie(COOKIES.docsUrl);
      const id = takeCookie(COOKIES.docsId);
      return {
        kind,
        to: id && /^\d+$/.test(id) ? routePath('articles.docs.detail', { id }) : null,
        location: isHttpUrl(url) ? url : null,
      };
    }
    case 'trd-login':
      loadUserFromCookie();
      return { kind, to: userInfoPath(0) };
    case 'redirect-path': {
      const path = takeSession('redirectPath');
      return { kind, to: isSitePath(path) ? path : null };
    }
    default:
      return null;
  }
}
