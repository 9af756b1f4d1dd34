import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';

const PublicKey = Type.Object({
  public_key: Type.String({ description: 'SPKI PEM，jsencrypt 的 setPublicKey 可直接使用' }),
  algorithm: Type.Literal('RSA-OAEP'),
  hash: Type.Literal('SHA-256'),
});

/** GET /api/public-key/: the key browsers encrypt passwords with (jsencrypt encryptOAEP). */
export async function publicKeyRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/public-key/',
    { config: { rateLimit: 'read' }, schema: { tags: ['账号'], response: { 200: PublicKey } } },
    async () => ({ public_key: app.passwords.publicKeyPem, algorithm: 'RSA-OAEP' as const, hash: 'SHA-256' as const }),
  );
}
