import type { ExpertApplication } from 'contracts';
import type { Queryable } from '../../../core/db';

export interface ApplicationRow {
  id: number;
  user_id: number;
  nickname: string;
  level: number;
  field: string;
  real_name: string;
  credentials: string;
  pictures: string[];
  state: ExpertApplication['state'];
  reason: string;
  create_time: Date;
  update_time: Date;
}

const SELECT = `SELECT a.id::int AS id, a.user_id::int AS user_id, u.nickname, u.level::int AS level, a.field, a.real_name, a.credentials,
  a.pictures, a.state, a.reason, a.create_time, a.update_time FROM expert_applications a JOIN users u ON u.id = a.user_id`;

export async function application(q: Queryable, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await q.query<ApplicationRow>(`${SELECT} WHERE a.id = $1`, [id]);
  return row;
}

/** Throws the unique violation when the user already has a pending application. */
export async function insertApplication(
  q: Queryable,
  a: { userId: number; field: string; realName: string; credentials: string; pictures: string[] },
  at: Date,
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO expert_applications (user_id, field, real_name, credentials, pictures, create_time, update_time)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $6) RETURNING id::int AS id`,
    [a.userId, a.field, a.realName, a.credentials, JSON.stringify(a.pictures), at],
  );
  return row.id;
}

/** One user's applications (newest first), or those of a state (oldest first). */
export type ApplicationFilter = { userId: number } | { state: ExpertApplication['state'] };

function where(f: ApplicationFilter): { where: string; param: unknown; order: string } {
  return 'userId' in f ? { where: 'a.user_id = $1', param: f.userId, order: 'a.id DESC' } : { where: 'a.state = $1', param: f.state, order: 'a.id' };
}

export async function countApplications(q: Queryable, f: ApplicationFilter): Promise<number> {
  const w = where(f);
  return (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM expert_applications a WHERE ${w.where}`, [w.param]))[0].n;
}

export async function listApplications(q: Queryable, f: ApplicationFilter, limit: number, offset: number): Promise<ApplicationRow[]> {
  const w = where(f);
  return q.query<ApplicationRow>(`${SELECT} WHERE ${w.where} ORDER BY ${w.order} LIMIT $2 OFFSET $3`, [w.param, limit, offset]);
}

/** The application and its applicant's level, the application locked for the review. */
export async function applicationForReview(q: Queryable, id: number): Promise<{ user_id: number; state: string; level: number } | undefined> {
  const [row] = await q.query<{ user_id: number; state: string; level: number }>(
    'SELECT a.user_id::int AS user_id, a.state, u.level::int AS level FROM expert_applications a JOIN users u ON u.id = a.user_id WHERE a.id = $1 FOR UPDATE OF a',
    [id],
  );
  return row;
}

export async function setApplicationState(q: Queryable, id: number, state: ExpertApplication['state'], reason: string, at: Date): Promise<void> {
  await q.query('UPDATE expert_applications SET state = $2, reason = $3, update_time = $4 WHERE id = $1', [id, state, reason, at]);
}

/** The user becomes level 3 (认证专家). */
export async function makeExpert(q: Queryable, userId: number, at: Date): Promise<void> {
  await q.query('UPDATE users SET level = 3, update_time = $2 WHERE id = $1', [userId, at]);
}
