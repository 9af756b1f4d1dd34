import { PASSWORD_CIPHERTEXT_MAX } from 'contracts';
import { constants, createPrivateKey, createPublicKey, generateKeyPair, privateDecrypt } from 'node:crypto';
import { promisify } from 'node:util';
import type { Db } from '../../core/db';
import { invalid } from '../../core/http/errors';
import { loadServerSecret } from '../../infra/security/server-secrets';
import { passwordProblem } from './passwords';

const generate = promisify(generateKeyPair);
const SECRET_NAME = 'rsa_private_key';
const KEY_BITS = 2048;

/**
 * Passwords travel RSA-encrypted (SPEC §3): the browser encrypts with jsencrypt's `encryptOAEP`, which pads with
 * OAEP using SHA-256 for both the label hash and MGF1 and an empty label (jsencrypt 3.5.4 `oaep_pad`), exactly
 * node:crypto's RSA_PKCS1_OAEP_PADDING with oaepHash 'sha256'. jsencrypt encodes each character as one byte
 * (its low 8 bits), so clients send the UTF-8 bytes of the password as a binary string; a password typed in
 * Latin-1 without that step still decodes (see decodePassword).
 */
export interface PasswordCipher {
  /** SPKI PEM ("-----BEGIN PUBLIC KEY-----"), what jsencrypt's setPublicKey takes. */
  readonly publicKeyPem: string;
  /** The plaintext, or null for anything that is not a ciphertext of this key. */
  decrypt(ciphertextBase64: string): string | null;
}

/** Loads the key pair from server_secrets, generating it at the first start (once, even with several processes). */
export async function loadPasswordCipher(db: Db): Promise<PasswordCipher> {
  const pem = await loadServerSecret(db, SECRET_NAME, async () => {
    const { privateKey } = await generate('rsa', {
      modulusLength: KEY_BITS,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    return privateKey;
  });
  return passwordCipher(pem);
}

export function passwordCipher(privateKeyPem: string): PasswordCipher {
  const privateKey = createPrivateKey(privateKeyPem);
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const blockBytes = KEY_BITS / 8;
  return {
    publicKeyPem,
    decrypt(ciphertextBase64) {
      if (ciphertextBase64.length > PASSWORD_CIPHERTEXT_MAX || !/^[A-Za-z0-9+/]+={0,2}$/.test(ciphertextBase64)) return null;
      const block = Buffer.from(ciphertextBase64, 'base64');
      if (block.length !== blockBytes) return null;
      try {
        const plain = privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          block,
        );
        return decodePassword(plain);
      } catch {
        return null;
      }
    },
  };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 when the bytes are UTF-8 (the documented client behaviour), else Latin-1 (jsencrypt given raw text). */
export function decodePassword(bytes: Buffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/**
 * The plaintext of a password field, or a 400 on `field`. With `checkRule`, the SPEC §5 rule is applied too
 * (new passwords); a login only needs the text.
 */
export function readPassword(cipher: PasswordCipher, encrypted: string, field: string, checkRule: boolean): string {
  const plain = cipher.decrypt(encrypted);
  if (plain === null || plain.length === 0) {
    throw invalid({ [field]: ['密码解密失败，请刷新页面后重试'] }, '密码解密失败，请刷新页面后重试');
  }
  if (checkRule) {
    const problem = passwordProblem(plain);
    if (problem) throw invalid({ [field]: [problem] }, problem);
  }
  return plain;
}
