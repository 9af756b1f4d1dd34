import { WIDE_SCREEN_MIN_PX } from '../constants/limits';

/** SPEC.md §1: the platform is exactly one of these. */
export type Platform = 'pc' | 'weixin_miniapp' | 'weixin_webpage' | 'mobile';

export interface PlatformEnv {
  userAgent: string;
  /** Viewport width in CSS pixels. */
  width: number;
  /** window.__wxjs_environment, which the chat app sets to 'miniprogram' inside a mini-program web view. */
  wxjsEnvironment?: string;
}

/**
 * Detects the platform: the chat-app mini-program first, then the chat app's browser, then by width (1200 px
 * or more is PC, anything narrower is mobile).
 */
export function detectPlatform(env: PlatformEnv = currentEnv()): Platform {
  if (env.wxjsEnvironment === 'miniprogram' || /miniProgram/i.test(env.userAgent)) return 'weixin_miniapp';
  if (/MicroMessenger/i.test(env.userAgent)) return 'weixin_webpage';
  return env.width >= WIDE_SCREEN_MIN_PX ? 'pc' : 'mobile';
}

/** The current page's environment. */
export function currentEnv(): PlatformEnv {
  if (typeof window === 'undefined') return { userAgent: '', width: WIDE_SCREEN_MIN_PX };
  return {
    userAgent: navigator.userAgent,
    width: window.innerWidth || document.documentElement.clientWidth,
    wxjsEnvironment: (window as { __wxjs_environment?: string }).__wxjs_environment,
  };
}

export function isPc(env?: PlatformEnv): boolean {
  return detectPlatform(env) === 'pc';
}

/** Inside the chat app (mini-program or its browser). */
export function isWeixin(env?: PlatformEnv): boolean {
  const platform = detectPlatform(env);
  return platform === 'weixin_miniapp' || platform === 'weixin_webpage';
}
