// Coin fixtures shaped like contracts/src/coins.ts, and a fake API that serves a real RSA key and reads back what
// the withdrawal form encrypted with it, as the API does.
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { startFakeApi, type FakeApi } from 'shared-kernel/testing';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PUBLIC_PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();

export async function startCoinApi(): Promise<FakeApi> {
  return startFakeApi({ routes: { 'GET /public-key/': { body: { public_key: PUBLIC_PEM, algorithm: 'RSA-OAEP', hash: 'SHA-256' } } } });
}

/** The plain text of a password the page encrypted with the served key. */
export function decrypt(ciphertext: unknown): string {
  if (typeof ciphertext !== 'string') throw new Error('not a ciphertext');
  return privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(ciphertext, 'base64')).toString('utf8');
}

export function quote(overrides: Record<string, unknown> = {}) {
  return {
    available: 5000, frozen: 300, withdrawing: 0, withdrawable: 4000, min_coins: 100, max_coins: 3000, daily_count: 3,
    today_count: 1, fee_rate_bp: 60, fee_min: 1, coin_value_fen: 1, freeze_days: 7,
    next_release: { coins: 300, time: '2026-11-30T04:00:00.000Z' },
    reasons: ['300 金币在冻结期内，解冻后可提现', '1000 金币正在结算中'], channels: { alipay: true, wxpay: false }, ...overrides,
  };
}

export function withdrawal(overrides: Record<string, unknown> = {}) {
  return {
    id: 3, withdraw_no: 'W202611240003', coins: 1000, fee: 6, amount: 994, channel: 'alipay', account: '138****5678',
    state: 'requested', state_label: '待审核', reason: '', package_info: null, auto_approved: false,
    create_time: '2026-11-24T02:00:00.000Z', finish_time: null, ...overrides,
  };
}

export function coinBalance(overrides: Record<string, unknown> = {}) {
  return { available: 800, frozen: 0, withdrawing: 0, total_earned: 800, coin_value_fen: 1, next_release: null, ...overrides };
}
