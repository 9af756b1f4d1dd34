import { useState } from 'react';
import { detectPlatform, errorMessageOf, http, saveRedirectPath, toastError } from 'shared-kernel';
import { TEXTS } from '../texts';

/** Providers of the third-party redirect (SPEC §7): the API answers their authorisation URL. */
export type ThirdPartyProvider = 'alipay' | 'alipayh5' | 'weixin' | 'weixingzh' | 'qq' | 'weibo';

/** Where the browser goes; replaced in tests. */
export const browser = { assign: (url: string) => window.location.assign(url) };

/**
 * Third-party login (SPEC §4): asks the API for the provider's redirect URL (GET /api/login/{provider}/) and goes
 * there; the API brings the user back through the nextPath cookie ('trd-login'). A failure shows the server's
 * message. Only http(s) URLs are followed.
 */
export async function startThirdPartyLogin(provider: ThirdPartyProvider): Promise<boolean> {
  try {
    const { data } = await http.get<{ url?: unknown }>(`/login/${provider}/`, { skipErrorToast: true });
    const url = typeof data?.url === 'string' ? data.url : '';
    if (!/^https?:\/\//i.test(url)) throw new Error('第三方登录暂时不可用，请稍后重试');
    saveRedirectPath();
    browser.assign(url);
    return true;
  } catch (error) {
    toastError(errorMessageOf(error));
    return false;
  }
}

/** The chat app inside its own browser uses the official-account flow; the wallet's H5 flow off the PC. */
function providersFor(platform = detectPlatform()): { weixin: ThirdPartyProvider; alipay: ThirdPartyProvider } {
  return {
    weixin: platform === 'weixin_webpage' || platform === 'weixin_miniapp' ? 'weixingzh' : 'weixin',
    alipay: platform === 'pc' ? 'alipay' : 'alipayh5',
  };
}

/**
 * The third-party buttons (SPEC §2): the chat app and the payment wallet. QQ and Weibo have handlers
 * (startThirdPartyLogin('qq' | 'weibo')) but, as specified, no buttons.
 */
export function ThirdPartyLogin() {
  const [busy, setBusy] = useState<ThirdPartyProvider | null>(null);
  const providers = providersFor();
  const go = async (provider: ThirdPartyProvider) => {
    setBusy(provider);
    if (!(await startThirdPartyLogin(provider))) setBusy(null);
  };
  return (
    <div className="ma-third-party">
      <p className="ma-divider">
        <span>{TEXTS.otherWays}</span>
      </p>
      <div className="ma-third-party-buttons">
        <button type="button" className="ma-trd ma-trd-weixin" disabled={busy !== null} onClick={() => go(providers.weixin)}>
          <span className="ma-trd-icon" aria-hidden="true">
            微
          </span>
          {TEXTS.weixin}
        </button>
        <button type="button" className="ma-trd ma-trd-alipay" disabled={busy !== null} onClick={() => go(providers.alipay)}>
          <span className="ma-trd-icon" aria-hidden="true">
            支
          </span>
          {TEXTS.alipay}
        </button>
      </div>
    </div>
  );
}
