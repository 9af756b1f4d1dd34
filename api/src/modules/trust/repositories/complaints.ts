import type { ComplaintState } from 'contracts';
import type { Queryable } from '../../../core/db';

export interface ComplaintRow {
  id: number;
  user_id: number;
  claimant_name: string;
  docs_id: number;
  docs_title: string;
  docs_status: number;
  uploader_id: number | null;
  uploader_name: string | null;
  real_name: string;
  id_type: string;
  id_number: string;
  phone: string;
  email: string;
  work: string;
  urls: string;
  description: string;
  proofs: string[];
  state: ComplaintState;
  counter: Record<string, unknown> | null;
  restore_due: Date | null;
  refundable_orders: number;
  create_time: Date;
  update_time: Date;
}

export interface StepRow {
  complaint_id: number;
  kind: string;
  actor: 'claimant' | 'uploader' | 'staff' | 'system';
  note: string;
  create_time: Date;
}

const SELECT = `SELECT c.id::int AS id, c.user_id::int AS user_id, cu.nickname AS claimant_name, c.docs_id::int AS docs_id,
  d.title AS docs_title, d.status::int AS docs_status, c.uploader_id::int AS uploader_id, uu.nickname AS uploader_name,
  c.real_name, c.id_type, c.id_number, c.phone, c.email, c.work, c.urls, c.description, c.proofs, c.state, c.counter,
  c.restore_due, (SELECT count(*)::int FROM rights_refundable_orders r WHERE r.complaint_id = c.id) AS refundable_orders,
  c.create_time, c.update_time
  FROM rights_complaints c JOIN users cu ON cu.id = c.user_id JOIN documents d ON d.id = c.docs_id
  LEFT JOIN users uu ON uu.id = c.uploader_id`;

export interface NewComplaint {
  userId: number;
  docsId: number;
  uploaderId: number | null;
  real_name: string;
  id_type: string;
  id_number: string;
  phone: string;
  email: string;
  work: string;
  urls: string;
  description: string;
  proofs: string[];
}

export async function insertComplaint(q: Queryable, c: NewComplaint, at: Date): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO rights_complaints (user_id, docs_id, uploader_id, real_name, id_type, id_number, phone, email, work, urls, description, proofs, create_time, update_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $13) RETURNING id::int AS id`,
    [c.userId, c.docsId, c.uploaderId, c.real_name, c.id_type, c.id_number, c.phone, c.email, c.work, c.urls, c.description, JSON.stringify(c.proofs), at],
  );
  return row.id;
}

export async function complaint(q: Queryable, id: number, lock = false): Promise<ComplaintRow | undefined> {
  if (lock) await q.query('SELECT id FROM rights_complaints WHERE id = $1 FOR UPDATE', [id]);
  const [row] = await q.query<ComplaintRow>(`${SELECT} WHERE c.id = $1`, [id]);
  return row;
}

/** Complaints a user filed (claimant) or that concern their documents (uploader), newest first. */
export async function countMine(q: Queryable, userId: number, role: 'claimant' | 'uploader' | undefined): Promise<number> {
  const [row] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM rights_complaints c WHERE ${mineWhere(role)}`, [userId]);
  return row.n;
}

export async function listMine(q: Queryable, userId: number, role: 'claimant' | 'uploader' | undefined, limit: number, offset: number): Promise<ComplaintRow[]> {
  return q.query<ComplaintRow>(`${SELECT} WHERE ${mineWhere(role)} ORDER BY c.id DESC LIMIT $2 OFFSET $3`, [userId, limit, offset]);
}

function mineWhere(role: 'claimant' | 'uploader' | undefined): string {
  // the uploader only hears of a complaint once staff forward it (taken down or later)
  const asUploader = `(c.uploader_id = $1 AND c.state IN ('taken_down', 'counter_noticed', 'lawsuit', 'closed'))`;
  if (role === 'claimant') return 'c.user_id = $1';
  if (role === 'uploader') return asUploader;
  return `(c.user_id = $1 OR ${asUploader})`;
}

export async function countByState(q: Queryable, state: ComplaintState | undefined): Promise<number> {
  const [row] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM rights_complaints c WHERE ($1::text IS NULL OR c.state = $1)', [state ?? null]);
  return row.n;
}

export async function listByState(q: Queryable, state: ComplaintState | undefined, limit: number, offset: number): Promise<ComplaintRow[]> {
  return q.query<ComplaintRow>(`${SELECT} WHERE ($1::text IS NULL OR c.state = $1) ORDER BY c.id LIMIT $2 OFFSET $3`, [state ?? null, limit, offset]);
}

export async function stepsOf(q: Queryable, ids: number[]): Promise<StepRow[]> {
  if (!ids.length) return [];
  return q.query<StepRow>(
    'SELECT complaint_id::int AS complaint_id, kind, actor, note, create_time FROM rights_complaint_steps WHERE complaint_id = ANY($1::bigint[]) ORDER BY id',
    [ids],
  );
}

export async function addStep(q: Queryable, id: number, step: { kind: string; actor: StepRow['actor']; note?: string }, at: Date): Promise<void> {
  await q.query('INSERT INTO rights_complaint_steps (complaint_id, kind, actor, note, create_time) VALUES ($1, $2, $3, $4, $5)', [id, step.kind, step.actor, step.note ?? '', at]);
}

export async function setState(q: Queryable, id: number, state: ComplaintState, at: Date, extra: { counter?: unknown; restoreDue?: Date | null } = {}): Promise<void> {
  await q.query(
    `UPDATE rights_complaints SET state = $2, update_time = $3,
       counter = CASE WHEN $4::boolean THEN $5::jsonb ELSE counter END,
       restore_due = CASE WHEN $6::boolean THEN $7::timestamptz ELSE restore_due END
     WHERE id = $1`,
    [id, state, at, extra.counter !== undefined, extra.counter === undefined ? null : JSON.stringify(extra.counter), extra.restoreDue !== undefined, extra.restoreDue ?? null],
  );
}

/** The claimant's supplement: only the given fields change. */
export async function patchFields(q: Queryable, id: number, fields: Record<string, unknown>, at: Date): Promise<void> {
  const allowed = ['real_name', 'id_type', 'id_number', 'phone', 'email', 'work', 'urls', 'description', 'proofs'];
  const keys = Object.keys(fields).filter((k) => allowed.includes(k));
  if (!keys.length) return;
  const sets = keys.map((k, i) => `${k} = $${i + 3}${k === 'proofs' ? '::jsonb' : ''}`);
  const values = keys.map((k) => (k === 'proofs' ? JSON.stringify(fields[k]) : fields[k]));
  await q.query(`UPDATE rights_complaints SET ${sets.join(', ')}, update_time = $2 WHERE id = $1`, [id, at, ...values]);
}

/** Counter-noticed complaints whose 15 days have passed. */
export async function dueForRestore(q: Queryable, now: Date, limit = 100): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `SELECT id::int AS id FROM rights_complaints WHERE state = 'counter_noticed' AND restore_due <= $1 ORDER BY restore_due LIMIT $2`,
    [now, limit],
  );
  return rows.map((r) => r.id);
}

// ------------------------------------------------------------ the document and its money

export async function documentForComplaint(q: Queryable, docsId: number): Promise<{ id: number; status: number; uploader_id: number | null; title: string } | undefined> {
  const [row] = await q.query<{ id: number; status: number; uploader_id: number | null; title: string }>(
    'SELECT id::int AS id, status::int AS status, uploader_id::int AS uploader_id, title FROM documents WHERE id = $1',
    [docsId],
  );
  return row;
}

export async function setDocStatus(q: Queryable, docsId: number, status: number, at: Date): Promise<void> {
  await q.query('UPDATE documents SET status = $2, update_time = $3 WHERE id = $1', [docsId, status, at]);
}

/** Holds the document's frozen earnings back from release (release time 'infinity'), remembering the real one. */
export async function holdEarnings(q: Queryable, complaintId: number, docsId: number): Promise<number> {
  const held = await q.query<{ earning_id: number }>(
    `INSERT INTO rights_held_earnings (complaint_id, earning_id, release_time)
     SELECT $1, e.id, e.release_time FROM coin_earnings e
      WHERE e.docs_id = $2 AND e.state = 'frozen' AND e.release_time <> 'infinity'::timestamptz
     ON CONFLICT DO NOTHING RETURNING earning_id`,
    [complaintId, docsId],
  );
  await q.query(
    `UPDATE coin_earnings SET release_time = 'infinity'::timestamptz
      WHERE id IN (SELECT earning_id FROM rights_held_earnings WHERE complaint_id = $1) AND state = 'frozen'`,
    [complaintId],
  );
  return held.length;
}

/** Gives held earnings their release time back (not earlier than now: the sweep of coins releases them). */
export async function releaseHeld(q: Queryable, complaintId: number, now: Date): Promise<void> {
  await q.query(
    `UPDATE coin_earnings e SET release_time = GREATEST(h.release_time, $2::timestamptz)
       FROM rights_held_earnings h WHERE h.complaint_id = $1 AND h.earning_id = e.id AND e.state = 'frozen'`,
    [complaintId, now],
  );
}

/** Marks the document's paid orders refundable for this complaint (staff refund them with the refund flow). */
export async function markRefundable(q: Queryable, complaintId: number, docsId: number): Promise<number> {
  const rows = await q.query(
    `INSERT INTO rights_refundable_orders (complaint_id, order_id)
     SELECT $1, o.id FROM orders o WHERE o.docs_id = $2 AND o.type = 'docs' AND o.state = 'paid'
     ON CONFLICT DO NOTHING RETURNING order_id`,
    [complaintId, docsId],
  );
  return rows.length;
}

/** Whether another complaint about the document still keeps it down. */
export async function otherOpenComplaint(q: Queryable, docsId: number, exceptId: number): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM rights_complaints WHERE docs_id = $1 AND id <> $2 AND state IN ('taken_down', 'counter_noticed', 'lawsuit')`, [docsId, exceptId]);
  return rows.length > 0;
}
