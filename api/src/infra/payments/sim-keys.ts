import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { PaySimulatorKeys } from './types';

function rsaPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey, publicKey };
}

/** A fresh set of keys for the two simulated providers (four RSA-2048 pairs; about a second on a slow machine). */
export function generatePaySimulatorKeys(): PaySimulatorKeys {
  const alipayApp = rsaPair();
  const alipay = rsaPair();
  const merchant = rsaPair();
  const platform = rsaPair();
  return {
    alipay: {
      appId: `2021${randomBytes(6).readUIntBE(0, 6).toString().padStart(12, '0')}`,
      sellerId: `2088${randomBytes(6).readUIntBE(0, 6).toString().padStart(12, '0').slice(0, 12)}`,
      appPrivateKey: alipayApp.privateKey,
      appPublicKey: alipayApp.publicKey,
      alipayPrivateKey: alipay.privateKey,
      alipayPublicKey: alipay.publicKey,
    },
    wxpay: {
      mchId: String(1_600_000_000 + randomBytes(3).readUIntBE(0, 3)),
      appId: `wx${randomBytes(8).toString('hex')}`,
      apiV3Key: randomBytes(16).toString('hex'),
      merchantPrivateKey: merchant.privateKey,
      merchantPublicKey: merchant.publicKey,
      certSerial: randomBytes(20).toString('hex').toUpperCase(),
      platformPrivateKey: platform.privateKey,
      platformPublicKey: platform.publicKey,
      platformPublicKeyId: `PUB_KEY_ID_${randomBytes(16).toString('hex').toUpperCase()}`,
    },
  };
}
