import type { FastifyInstance } from 'fastify';
import { PublicKeyAnswer } from 'contracts';

/** GET /api/public-key/: the key browsers encrypt passwords with (jsencrypt encryptOAEP). */
export async function publicKeyRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/public-key/',
    { config: { rateLimit: 'read' }, schema: { tags: ['账号'], response: { 200: PublicKeyAnswer } } },
    async () => ({ public_key: app.passwords.publicKeyPem, algorithm: 'RSA-OAEP' as const, hash: 'SHA-256' as const }),
  );
}
