import { http } from '../http/client';
import { detectPlatform } from './platform';

/**
 * The WeChat share card of the current page. In a WeChat web page the JS-SDK is configured with the API's
 * signature (POST /api/wx-jsapi-sign/) and sets what "send to a friend" and "share to moments" show; in a
 * mini-program web view the page cannot share itself, so the mini-program is told (postMessage, read when the
 * person shares) the title and the mini-program path of the link (POST /api/wxmini-share-url/).
 */

export interface ShareCard {
  title: string;
  /** A full URL of this site (the share link or the page). */
  link: string;
  desc?: string;
  imgUrl?: string;
}

/** set: the card is what WeChat shares now; unavailable: not in WeChat, or its SDK could not be had. */
export type ShareCardOutcome = 'set' | 'unavailable';

/** The answers of POST /api/wx-jsapi-sign/ and /api/wxmini-share-url/ (contracts/src/site.ts; the kernel does not depend on contracts). */
interface WxJsapiSignAnswer {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}
interface WxMiniShareAnswer {
  url: string;
}

interface WxSdk {
  config(options: Record<string, unknown>): void;
  ready(callback: () => void): void;
  error(callback: (error: unknown) => void): void;
  updateAppMessageShareData(options: Record<string, unknown>): void;
  updateTimelineShareData(options: Record<string, unknown>): void;
  miniProgram?: { postMessage(message: { data: unknown }): void };
}

export const JWEIXIN_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

function wxSdk(): Promise<WxSdk | null> {
  const win = window as unknown as { wx?: WxSdk };
  if (win.wx?.config) return Promise.resolve(win.wx);
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = JWEIXIN_SDK_URL;
    script.onload = () => resolve(win.wx?.config ? win.wx : null);
    script.onerror = () => resolve(null);
    document.head.appendChild(script);
  });
}

async function cardInPage(sdk: WxSdk, card: ShareCard): Promise<ShareCardOutcome> {
  const url = window.location.href.split('#')[0];
  const sign = (await http.post<WxJsapiSignAnswer>('/wx-jsapi-sign/', { url }, { skipErrorToast: true })).data;
  return new Promise((resolve) => {
    sdk.config({ debug: false, ...sign, jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'] });
    sdk.ready(() => {
      const data = { title: card.title, desc: card.desc ?? '', link: card.link, imgUrl: card.imgUrl ?? '' };
      sdk.updateAppMessageShareData(data);
      sdk.updateTimelineShareData(data);
      resolve('set');
    });
    sdk.error(() => resolve('unavailable'));
  });
}

/** Sets the share card of the page inside WeChat; outside it nothing happens. A failure is 'unavailable', never thrown. */
export async function setWxShareCard(card: ShareCard): Promise<ShareCardOutcome> {
  if (typeof window === 'undefined') return 'unavailable';
  const platform = detectPlatform();
  if (platform !== 'weixin_miniapp' && platform !== 'weixin_webpage') return 'unavailable';
  try {
    const sdk = await wxSdk();
    if (!sdk) return 'unavailable';
    if (platform === 'weixin_webpage') return await cardInPage(sdk, card);
    if (!sdk.miniProgram) return 'unavailable';
    const path = (await http.post<WxMiniShareAnswer>('/wxmini-share-url/', { url: card.link }, { skipErrorToast: true })).data.url;
    sdk.miniProgram.postMessage({ data: { type: 'share', title: card.title, path } });
    return 'set';
  } catch {
    return 'unavailable';
  }
}
