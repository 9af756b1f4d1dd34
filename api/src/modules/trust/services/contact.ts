import type { FastifyInstance } from 'fastify';
import * as settings from '../repositories/settings';

/** Where rights-holders may also send a notice by e-mail: the site setting complaint_email (docs/trust.md). */
export async function complaintEmail(app: FastifyInstance): Promise<string> {
  return settings.complaintEmail(app.db);
}
