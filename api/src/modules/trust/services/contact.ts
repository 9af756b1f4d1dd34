import type { FastifyInstance } from 'fastify';

/** Where rights-holders may also send a notice by e-mail: the site setting complaint_email (docs/trust.md). */
export async function complaintEmail(app: FastifyInstance): Promise<string> {
  const [row] = await app.db.query<{ value: string }>(`SELECT value FROM site_settings WHERE key = 'complaint_email'`);
  return row?.value ?? '';
}
