// mf-auth's tests on the kernel's fake API (shared-kernel/testing): it serves a real RSA public key and decrypts
// what the forms send, as the API does; and the answers the tests share.
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { startFakeApi, type FakeApi, type FakeReply } from 'shared-kernel/testing';

export interface AuthApi extends FakeApi {
  /** The plain text of a password the page encrypted with the served key. */
  decrypt(ciphertext: unknown): string;
}

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PUBLIC_PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();

export async function startAuthApi(): Promise<AuthApi> {
  const api = await startFakeApi({
    routes: { 'GET /public-key/': { body: { public_key: PUBLIC_PEM, algorithm: 'RSA-OAEP', hash: 'SHA-256' } } },
  });
  return Object.assign(api, {
    decrypt(ciphertext: unknown): string {
      if (typeof ciphertext !== 'string') throw new Error('not a ciphertext');
      return privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(ciphertext, 'base64'),
      ).toString('utf8');
    },
  });
}

/** A login answer as the API gives it. */
export function loginAnswer(overrides: Partial<Record<string, unknown>> = {}): Record<string, unknown> {
  return {
    uid: 42,
    nickname: '用户5678',
    level: 1,
    gender: null,
    avatar: '',
    intro: '',
    is_active: 1,
    inactive_reason: null,
    country_code: '86',
    mobile: '138****5678',
    email: null,
    has_password: true,
    has_pwd_protection: false,
    create_time: '2026-01-01T00:00:00.000Z',
    staff_roles: [],
    is_new: false,
    ...overrides,
  };
}

/** An API error body. */
export function apiError(status: number, code: string, message: string, errors?: Record<string, string[]>): FakeReply {
  return { status, body: { message, code, ...(errors ? { errors } : {}) } };
}

/** A 1x1 transparent PNG, base64: the pictures of scripted challenges. */
export const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
