import crypto from 'node:crypto';
import { ENCRYPT_FAILED_MESSAGE, encryptPassword } from '../src';

type Kernel = typeof import('../src');

/** What the API does with the ciphertext: RSA-OAEP with SHA-256 under its private key. */
function decrypt(privateKey: string, base64: string): string {
  return crypto
    .privateDecrypt({ key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(base64, 'base64'))
    .toString('utf8');
}

const keys = crypto.generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

describe('password encryption (RSA-OAEP, SHA-256)', () => {
  it.each(['abcd1234', '密码Abc12345', 'emoji😀pass9', 'x'.repeat(64)])('%s decrypts on the server side', async (password) => {
    const encrypted = await encryptPassword(password, keys.publicKey);
    expect(encrypted).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(encrypted, 'base64')).toHaveLength(256);
    expect(decrypt(keys.privateKey, encrypted)).toBe(password);
  });

  it('is randomised: the same password encrypts differently each time', async () => {
    const [a, b] = await Promise.all([encryptPassword('abcd1234', keys.publicKey), encryptPassword('abcd1234', keys.publicKey)]);
    expect(a).not.toBe(b);
  });

  it('accepts the key as base64 DER without PEM lines', async () => {
    const der = keys.publicKey.replace(/-----[A-Z ]+-----|\s/g, '');
    expect(decrypt(keys.privateKey, await encryptPassword('abcd1234', der))).toBe('abcd1234');
  });

  it('fails with a Chinese message for a bad key or a password too long for the key', async () => {
    await expect(encryptPassword('abcd1234', 'not a key')).rejects.toThrow(ENCRYPT_FAILED_MESSAGE);
    await expect(encryptPassword('abcd1234', '  ')).rejects.toThrow(ENCRYPT_FAILED_MESSAGE);
    await expect(encryptPassword('密'.repeat(100), keys.publicKey)).rejects.toThrow('密码加密失败，请刷新页面后重试');
  });

  it('loads jsencrypt only when a password is encrypted', async () => {
    let loads = 0;
    let kernel: Kernel | undefined;
    await jest.isolateModulesAsync(async () => {
      jest.doMock('jsencrypt', () => {
        loads += 1;
        return jest.requireActual('jsencrypt');
      });
      kernel = await import('../src');
    });
    expect(loads).toBe(0);
    const encrypted = await kernel!.encryptPassword('abcd1234', keys.publicKey);
    expect(loads).toBe(1);
    expect(decrypt(keys.privateKey, encrypted)).toBe('abcd1234');
    jest.dontMock('jsencrypt');
    jest.resetModules();
  });
});
