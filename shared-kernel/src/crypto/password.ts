/** Shown when the password cannot be encrypted (a bad public key, or a password too long for the key). */
export const ENCRYPT_FAILED_MESSAGE = '密码加密失败，请刷新页面后重试';

/** A string whose characters are the UTF-8 bytes of `text`: jsencrypt pads characters as bytes. */
function utf8Binary(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return binary;
}

/**
 * Encrypts a password for the API with RSA-OAEP (SHA-256) under the server's public key (PEM or base64 DER),
 * as base64. The UTF-8 bytes are encrypted, so any character survives the trip. jsencrypt is loaded on the
 * first call only: most pages never encrypt anything.
 */
export async function encryptPassword(password: string, publicKey: string): Promise<string> {
  // Without a key jsencrypt would quietly make up a key pair of its own and encrypt with that.
  if (publicKey.trim() === '') throw new Error(ENCRYPT_FAILED_MESSAGE);
  const { default: JSEncrypt } = await import(/* webpackChunkName: "lib-jsencrypt" */ 'jsencrypt');
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKey);
  // jsencrypt answers false for an unreadable key or a message too long for it.
  const encrypted = rsa.encryptOAEP(utf8Binary(password));
  if (!encrypted) throw new Error(ENCRYPT_FAILED_MESSAGE);
  return encrypted;
}
