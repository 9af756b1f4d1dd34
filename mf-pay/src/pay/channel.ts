import { CHANNELS_OF, type PayChannelName, type PayMethodName } from 'contracts/enums';
import type { Platform } from 'shared-kernel';

/** Inside WeChat only WeChat Pay works (WeChat blocks Alipay's pages); elsewhere both, WeChat first. */
export function methodsFor(platform: Platform): PayMethodName[] {
  return platform === 'weixin_webpage' || platform === 'weixin_miniapp' ? ['wxpay'] : ['wxpay', 'alipay'];
}

const BY_PLATFORM: Record<Platform, Record<PayMethodName, PayChannelName>> = {
  // PC: a QR to scan with the phone; Alipay also offers its cashier page (ALIPAY_PC_REDIRECT)
  pc: { wxpay: 'native', alipay: 'precreate' },
  // a phone's browser: the provider's mobile page (WeChat's H5 opens the WeChat app)
  mobile: { wxpay: 'h5', alipay: 'wap' },
  // inside WeChat: the JSAPI pay sheet; Alipay is not offered there
  weixin_webpage: { wxpay: 'jsapi', alipay: 'wap' },
  weixin_miniapp: { wxpay: 'jsapi', alipay: 'wap' },
};

/** The channel an order is paid through, by method and platform. */
export function channelFor(method: PayMethodName, platform: Platform): PayChannelName {
  const channel = BY_PLATFORM[platform][method];
  if (!CHANNELS_OF[method].includes(channel)) throw new Error(`${method} 不支持 ${channel}`);
  return channel;
}

/** The link under Alipay's QR on PC: Alipay's own cashier page (a redirect). */
export const ALIPAY_PC_REDIRECT: PayChannelName = 'page';

export function isPayMethod(value: string | null): value is PayMethodName {
  return value === 'wxpay' || value === 'alipay';
}
