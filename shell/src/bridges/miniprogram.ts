import { clearUser, currentFullPath, detectPlatform, http, isNotLoggedIn, setUser, type UserInfo } from 'shared-kernel';

/**
 * The only module that talks to the chat app's mini-program SDK (`wx.miniProgram` of the JS-SDK, available in a
 * mini-program web view). The mini-program side provides the pages named here.
 */

/** `wx.miniProgram` as the JS-SDK documents it (the parts the site uses). */
export interface MiniProgramSdk {
  navigateTo(options: { url: string; success?: () => void; fail?: (error: unknown) => void }): void;
  postMessage(options: { data: unknown }): void;
  getEnv(callback: (result: { miniprogram: boolean }) => void): void;
}

interface WxGlobal {
  wx?: { miniProgram?: MiniProgramSdk };
}

/** The JS-SDK (jweixin), loaded only inside the mini-program when the page has no `wx` yet. */
export const JWEIXIN_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
/** The mini-program's login page: it runs wx.login, logs in through POST /api/wxminiapp-login/ and comes back. */
export const MINIPROGRAM_LOGIN_PAGE = '/pages/login/index';

export function isMiniProgram(): boolean {
  return detectPlatform() === 'weixin_miniapp';
}

let loading: Promise<MiniProgramSdk | null> | null = null;

/** The SDK: the page's `wx.miniProgram`, else the JS-SDK script loaded once; null outside a mini-program. */
export function miniProgramSdk(): Promise<MiniProgramSdk | null> {
  const present = (window as WxGlobal).wx?.miniProgram;
  if (present) return Promise.resolve(present);
  if (!isMiniProgram()) return Promise.resolve(null);
  loading ??= new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = JWEIXIN_SDK_URL;
    script.async = true;
    script.onload = () => resolve((window as WxGlobal).wx?.miniProgram ?? null);
    script.onerror = () => {
      loading = null;
      resolve(null);
    };
    document.head.appendChild(script);
  });
  return loading;
}

export type LoginCheck = 'logged-in' | 'login-requested' | 'unavailable';

/**
 * The login-state check of SPEC.md §2, run when user info 0 opens inside the mini-program: the API says whether
 * this web view's session is alive (GET /api/users/0/). Alive: the user info is refreshed. Not logged in: the
 * stale user info is dropped and the mini-program is asked to log in (its login page comes back to this path).
 */
export async function checkMiniProgramLogin(): Promise<LoginCheck> {
  try {
    const { data } = await http.get<UserInfo>('/users/0/', { background: true });
    setUser(data);
    return 'logged-in';
  } catch (error) {
    if (!isNotLoggedIn(error)) return 'unavailable';
  }
  clearUser();
  const sdk = await miniProgramSdk();
  if (!sdk) return 'unavailable';
  sdk.navigateTo({ url: `${MINIPROGRAM_LOGIN_PAGE}?redirect=${encodeURIComponent(currentFullPath())}` });
  return 'login-requested';
}
