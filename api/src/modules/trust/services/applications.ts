import type { AuthApplyBody, ExpertApplication } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../../core/db/errors';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { userChanged } from '../../accounts/sessions';
import { notify } from '../../notifications';
import { audit } from '../audit';

interface Row {
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

const STATE_TEXT = { pending: '审核中', approved: '已认证', rejected: '未通过' } as const;
const SELECT = `SELECT a.id::int AS id, a.user_id::int AS user_id, u.nickname, u.level::int AS level, a.field, a.real_name, a.credentials,
  a.pictures, a.state, a.reason, a.create_time, a.update_time FROM expert_applications a JOIN users u ON u.id = a.user_id`;

const out = (r: Row): ExpertApplication => ({
  id: r.id,
  user: { uid: r.user_id, nickname: r.nickname, level: r.level },
  field: r.field,
  real_name: r.real_name,
  credentials: r.credentials,
  pictures: r.pictures,
  state: r.state,
  state_text: STATE_TEXT[r.state],
  reason: r.reason,
  create_time: r.create_time as unknown as string,
  update_time: r.update_time as unknown as string,
});

async function one(app: FastifyInstance, id: number): Promise<ExpertApplication> {
  const [row] = await app.db.query<Row>(`${SELECT} WHERE a.id = $1`, [id]);
  if (!row) throw new ApiError(404, 'not_found', '认证申请不存在');
  return out(row);
}

/** POST auth-apply/: one pending application at a time; a certified expert need not apply. */
export async function apply(app: FastifyInstance, user: { id: number; level: number }, body: AuthApplyBody): Promise<ExpertApplication> {
  if (user.level >= 3) throw new ApiError(409, 'already_expert', '您已是认证专家');
  const now = app.now();
  try {
    const [row] = await app.db.query<{ id: number }>(
      `INSERT INTO expert_applications (user_id, field, real_name, credentials, pictures, create_time, update_time)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $6) RETURNING id::int AS id`,
      [user.id, body.field.trim(), body.real_name.trim(), body.credentials.trim(), JSON.stringify(body.pictures), now],
    );
    return one(app, row.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(409, 'pending_application', '您已有一份认证申请在审核中');
    throw err;
  }
}

export function applications(app: FastifyInstance, filter: { userId?: number; state?: ExpertApplication['state'] }): PaginateOptions<ExpertApplication> {
  const where = filter.userId !== undefined ? 'a.user_id = $1' : 'a.state = $1';
  const param = filter.userId ?? filter.state ?? 'pending';
  const order = filter.userId !== undefined ? 'a.id DESC' : 'a.id';
  return {
    count: async () => (await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM expert_applications a WHERE ${where}`, [param]))[0].n,
    fetch: async (limit, offset) => (await app.db.query<Row>(`${SELECT} WHERE ${where} ORDER BY ${order} LIMIT $2 OFFSET $3`, [param, limit, offset])).map(out),
  };
}

/** Staff approve (the user becomes level 3, 认证专家) or reject with a reason; audited, the applicant told. */
export async function reviewApplication(app: FastifyInstance, staffId: number, id: number, outcome: { approve: boolean; reason: string }): Promise<ExpertApplication> {
  const now = app.now();
  const userId = await app.db.transaction(async (tx) => {
    const [row] = await tx.query<{ user_id: number; state: string; level: number }>(
      'SELECT a.user_id::int AS user_id, a.state, u.level::int AS level FROM expert_applications a JOIN users u ON u.id = a.user_id WHERE a.id = $1 FOR UPDATE OF a',
      [id],
    );
    if (!row) throw new ApiError(404, 'not_found', '认证申请不存在');
    if (row.state !== 'pending') throw new ApiError(409, 'wrong_state', '该申请已审核');
    const state = outcome.approve ? 'approved' : 'rejected';
    await tx.query('UPDATE expert_applications SET state = $2, reason = $3, update_time = $4 WHERE id = $1', [id, state, outcome.reason, now]);
    if (outcome.approve) await tx.query('UPDATE users SET level = 3, update_time = $2 WHERE id = $1', [row.user_id, now]);
    await notify(tx, row.user_id, { kind: 'certification_result', approved: outcome.approve, reason: outcome.reason, at: now });
    await audit(tx, {
      staffId,
      action: `expert.${outcome.approve ? 'approve' : 'reject'}`,
      target_type: 'expert_application',
      target_id: id,
      before: { state: 'pending', level: row.level },
      after: { state, level: outcome.approve ? 3 : row.level },
      reason: outcome.reason,
      at: now,
    });
    return row.user_id;
  });
  if (outcome.approve) await userChanged(app, userId);
  return one(app, id);
}
