import { readFileSync } from 'node:fs';
import type { Mode } from '../../core/config';
import type { AlipayCredentials, PaySimulatorKeys, WxpayCredentials } from '../../infra/payments/types';

/**
 * Run-time configuration of payments, from the environment (api/README.md lists the variables). A method whose
 * credentials are missing is not offered (its orders answer 400); the API still starts.
 */
export interface PayConfig {
  /** real providers (production default) or the local simulators (development default). */
  provider: 'real' | 'simulator';
  /** Where the person's browser comes back to after paying: the site's own origin, never the request's Host. */
  siteOrigin: string;
  /** Where the providers post notifications: the API reached from outside (default siteOrigin; the shell proxies /api/). */
  notifyOrigin: string;
  alipay?: AlipayCredentials;
  wxpay?: WxpayCredentials;
  /** How often unpaid orders are swept (closed when expired, queried when left paying); 0 turns the sweep off. */
  sweepIntervalMs: number;
  /** The least time between two provider queries of one order (the page polls every 2 s). */
  queryMinIntervalMs: number;
  /** How long a call to a provider may take before it counts as a timeout (then the query finds out). */
  providerTimeoutMs: number;
}

function secret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const file = env[`${name}_FILE`];
  if (file) return readFileSync(file, 'utf8');
  return env[name] || undefined;
}

/** The credentials of the simulated providers from their keys (npm start writes them; tests make their own). */
export function simulatorCredentials(keys: PaySimulatorKeys, urls: { alipay?: string; wxpay?: string }): Pick<PayConfig, 'alipay' | 'wxpay'> {
  return {
    alipay: urls.alipay
      ? {
          appId: keys.alipay.appId,
          sellerId: keys.alipay.sellerId,
          privateKey: keys.alipay.appPrivateKey,
          alipayPublicKey: keys.alipay.alipayPublicKey,
          gateway: `${urls.alipay.replace(/\/$/, '')}/gateway.do`,
        }
      : undefined,
    wxpay: urls.wxpay
      ? {
          mchId: keys.wxpay.mchId,
          appId: keys.wxpay.appId,
          apiV3Key: keys.wxpay.apiV3Key,
          privateKey: keys.wxpay.merchantPrivateKey,
          certSerial: keys.wxpay.certSerial,
          platformPublicKey: keys.wxpay.platformPublicKey,
          platformPublicKeyId: keys.wxpay.platformPublicKeyId,
          baseUrl: urls.wxpay.replace(/\/$/, ''),
        }
      : undefined,
  };
}

function realCredentials(env: NodeJS.ProcessEnv): Pick<PayConfig, 'alipay' | 'wxpay'> {
  const alipayKey = secret(env, 'ALIPAY_PRIVATE_KEY');
  const alipayPublic = secret(env, 'ALIPAY_PUBLIC_KEY');
  const wxKey = secret(env, 'WXPAY_PRIVATE_KEY');
  const wxPublic = secret(env, 'WXPAY_PUBLIC_KEY');
  return {
    alipay:
      env.ALIPAY_APPID && alipayKey && alipayPublic
        ? {
            appId: env.ALIPAY_APPID,
            sellerId: env.ALIPAY_SELLER_ID || undefined,
            privateKey: alipayKey,
            alipayPublicKey: alipayPublic,
            gateway: env.ALIPAY_GATEWAY || 'https://openapi.alipay.com/gateway.do',
          }
        : undefined,
    wxpay:
      env.WXPAY_MCHID && env.WXPAY_APPID && env.WXPAY_APIV3_KEY && wxKey && wxPublic && env.WXPAY_CERT_SERIAL && env.WXPAY_PUBLIC_KEY_ID
        ? {
            mchId: env.WXPAY_MCHID,
            appId: env.WXPAY_APPID,
            apiV3Key: env.WXPAY_APIV3_KEY,
            privateKey: wxKey,
            certSerial: env.WXPAY_CERT_SERIAL,
            platformPublicKey: wxPublic,
            platformPublicKeyId: env.WXPAY_PUBLIC_KEY_ID,
            baseUrl: env.WXPAY_BASE_URL || 'https://api.mch.weixin.qq.com',
          }
        : undefined,
  };
}

export function loadPayConfig(env: NodeJS.ProcessEnv, mode: Mode, siteOrigin: string | undefined): PayConfig {
  const raw = env.PAY_PROVIDER || (mode === 'production' ? 'real' : 'simulator');
  if (raw !== 'real' && raw !== 'simulator') throw new Error(`PAY_PROVIDER 应为 real 或 simulator，收到: ${raw}`);
  if (mode === 'production' && raw === 'simulator') throw new Error('生产模式不能使用支付模拟器（PAY_PROVIDER=simulator）');
  const origin = (siteOrigin || `http://127.0.0.1:${env.API_PORT || 8000}`).replace(/\/$/, '');
  const keysFile = env.PAY_SIM_KEYS_FILE;
  const credentials =
    raw === 'real'
      ? realCredentials(env)
      : keysFile
        ? simulatorCredentials(JSON.parse(readFileSync(keysFile, 'utf8')) as PaySimulatorKeys, { alipay: env.ALIPAY_SIM_URL, wxpay: env.WXPAY_SIM_URL })
        : {};
  return {
    provider: raw,
    siteOrigin: origin,
    notifyOrigin: (env.PAY_NOTIFY_ORIGIN || origin).replace(/\/$/, ''),
    ...credentials,
    sweepIntervalMs: env.PAY_SWEEP_INTERVAL_MS ? Number(env.PAY_SWEEP_INTERVAL_MS) : 60_000,
    queryMinIntervalMs: 3_000,
    providerTimeoutMs: 10_000,
  };
}
