import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../core/db';
import { notify } from '../../notifications';

/** A step of a rights complaint told to the claimant or the uploader (the notification service, in the step's transaction). */
export async function tell(app: FastifyInstance, q: Queryable, userId: number | null, complaintId: number, title: string, detail = ''): Promise<void> {
  if (userId !== null) await notify(q, userId, { kind: 'complaint_progress', complaintId, title, detail, at: app.now() });
}
