// The settings pages' tests: the kernel's fake API serving a real RSA key (the pages seal passwords with it), and
// the answers they share, shaped like contracts/src/accounts.ts.
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { startFakeApi, type FakeApi } from 'shared-kernel/testing';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

export async function startSettingsApi(): Promise<FakeApi> {
  return startFakeApi({
    routes: { 'GET /public-key/': { body: { public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString(), algorithm: 'RSA-OAEP', hash: 'SHA-256' } } },
  });
}

/** The password a page sealed with the served key. */
export function decrypt(ciphertext: unknown): string {
  if (typeof ciphertext !== 'string') throw new Error('not a ciphertext');
  return privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(ciphertext, 'base64')).toString('utf8');
}

export function me(overrides: Record<string, unknown> = {}) {
  return {
    uid: 42, nickname: '读者', level: 1, gender: null, avatar: '', intro: '', is_active: 1, inactive_reason: null,
    country_code: '86', mobile: '138****5678', email: null, has_password: true, has_pwd_protection: false,
    create_time: '2026-11-01T02:00:00.000Z', ...overrides,
  };
}

export const proofRequired = { status: 400, body: { message: '为了您的账号安全，请先验证身份（短信验证码或登录密码）', code: 'proof_required' } };

export function device(overrides: Record<string, unknown> = {}) {
  return {
    id: 1, action: 'login', login_type: 1, platform: '3', device: 'Windows 电脑', ip: '127.0.0.1', user_agent: 'x',
    create_time: '2026-11-20T02:00:00.000Z', last_active_time: '2026-11-24T02:00:00.000Z', current: false, ...overrides,
  };
}
