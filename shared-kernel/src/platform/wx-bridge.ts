import { detectPlatform } from './platform';

/**
 * WeChat Pay's JSAPI inside WeChat (SPEC §1 platforms weixin_webpage and weixin_miniapp). In a WeChat web page
 * the page's `WeixinJSBridge` opens the pay sheet; a mini-program's web view cannot pay itself, so the
 * mini-program is asked to open its native pay page with the same parameters (it pays with wx.requestPayment and
 * comes back). The site learns the outcome from the API's order query either way: what this answers only says
 * whether the sheet was shown and how it closed.
 */

/** The parameters of getBrandWCPayRequest (appId, timeStamp, nonceStr, package, signType, paySign), as the API gives them. */
export type WxPayParams = Record<string, string>;

/** ok: paid by the sheet's account; cancel: closed by the person; fail: refused; handed-over: the mini-program pays. */
export type WxPayOutcome = 'ok' | 'cancel' | 'fail' | 'handed-over' | 'unavailable';

interface WeixinJSBridge {
  invoke(name: 'getBrandWCPayRequest', params: WxPayParams, callback: (result: { err_msg?: string }) => void): void;
  invoke(name: 'requestMerchantTransfer', params: MerchantTransferParams, callback: (result: { err_msg?: string }) => void): void;
}

interface MiniProgram {
  navigateTo(options: { url: string; success?: () => void; fail?: (error: unknown) => void }): void;
}

interface WxWindow {
  WeixinJSBridge?: WeixinJSBridge;
  wx?: { miniProgram?: MiniProgram };
}

/** The mini-program's native pay page: it reads `params` (JSON) and `order_no`, pays, and navigates back. */
export const MINIPROGRAM_PAY_PAGE = '/pages/pay/index';

/** The bridge appears after the page's WeixinJSBridgeReady event when the page loaded before it. */
function jsBridge(win: WxWindow): Promise<WeixinJSBridge | null> {
  if (win.WeixinJSBridge) return Promise.resolve(win.WeixinJSBridge);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 3000);
    document.addEventListener(
      'WeixinJSBridgeReady',
      () => {
        clearTimeout(timer);
        resolve(win.WeixinJSBridge ?? null);
      },
      { once: true },
    );
  });
}

/** How a bridge sheet closed, from its err_msg ('…:ok', '…:cancel', anything else a failure). */
function sheetOutcome(msg = ''): 'ok' | 'cancel' | 'fail' {
  return msg.endsWith(':ok') ? 'ok' : msg.endsWith(':cancel') ? 'cancel' : 'fail';
}

function payInPage(bridge: WeixinJSBridge, params: WxPayParams): Promise<WxPayOutcome> {
  return new Promise((resolve) => {
    bridge.invoke('getBrandWCPayRequest', params, (result) => {
      resolve(sheetOutcome(result?.err_msg));
    });
  });
}

function payInMiniProgram(sdk: MiniProgram, params: WxPayParams, orderNo: string): Promise<WxPayOutcome> {
  const url = `${MINIPROGRAM_PAY_PAGE}?order_no=${encodeURIComponent(orderNo)}&params=${encodeURIComponent(JSON.stringify(params))}`;
  return new Promise((resolve) => {
    sdk.navigateTo({ url, success: () => resolve('handed-over'), fail: () => resolve('fail') });
  });
}

/** Opens WeChat Pay for a JSAPI order; 'unavailable' outside WeChat or when the bridge never came. */
export async function requestWxPay(params: WxPayParams, orderNo = ''): Promise<WxPayOutcome> {
  if (typeof window === 'undefined') return 'unavailable';
  const win = window as unknown as WxWindow;
  const platform = detectPlatform();
  if (platform === 'weixin_miniapp') {
    const sdk = win.wx?.miniProgram;
    return sdk ? payInMiniProgram(sdk, params, orderNo) : 'unavailable';
  }
  if (platform !== 'weixin_webpage') return 'unavailable';
  const bridge = await jsBridge(win);
  return bridge ? payInPage(bridge, params) : 'unavailable';
}

/** What requestMerchantTransfer takes: the merchant's and the app's ids and the transfer bill's package_info. */
export interface MerchantTransferParams {
  mchId: string;
  appId: string;
  package: string;
}

/** ok: the payee confirmed; cancel: closed by the person; fail: refused; unavailable: not in a WeChat page. */
export type MerchantTransferOutcome = 'ok' | 'cancel' | 'fail' | 'unavailable';

/**
 * WeChat Pay's transfer to a user (a withdrawal) waiting for the payee: in a WeChat web page the page's bridge
 * opens the confirm sheet with the bill's `package_info`. Only in a WeChat web page: the mini-program confirms
 * with its own wx.requestMerchantTransfer, which its web view cannot call. The API's withdrawal answers whether
 * the money arrived; this only says how the sheet closed.
 */
export async function requestMerchantTransfer(packageInfo: string, ids: { mchId?: string; appId?: string } = {}): Promise<MerchantTransferOutcome> {
  if (typeof window === 'undefined' || detectPlatform() !== 'weixin_webpage') return 'unavailable';
  const bridge = await jsBridge(window as unknown as WxWindow);
  if (!bridge) return 'unavailable';
  const params: MerchantTransferParams = { mchId: ids.mchId ?? '', appId: ids.appId ?? '', package: packageInfo };
  return new Promise((resolve) => {
    bridge.invoke('requestMerchantTransfer', params, (result) => {
      resolve(sheetOutcome(result?.err_msg));
    });
  });
}
