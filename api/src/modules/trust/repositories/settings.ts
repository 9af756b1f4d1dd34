import type { Queryable } from '../../../core/db';

/** The site setting complaint_email, or '' when there is none. */
export async function complaintEmail(q: Queryable): Promise<string> {
  const [row] = await q.query<{ value: string }>(`SELECT value FROM site_settings WHERE key = 'complaint_email'`);
  return row?.value ?? '';
}
