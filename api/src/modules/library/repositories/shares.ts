import type { ShareTarget } from 'contracts';
import type { Queryable } from '../../../core/db';
import { publicBlogCondition, publicDocCondition } from '../../content/constants';

/** The SQL of share links (share_links): one per person and thing shared, with its open count. */

export interface ShareRow {
  id: number;
  token: string;
  target_type: ShareTarget;
  target_id: number;
  opens: number;
  last_open_time: Date | null;
  create_time: Date;
}

const COLUMNS = 'id, token, target_type, target_id, opens, last_open_time, create_time';

/** The person's link to this thing: a new one with `token`, or the one they made before. */
export async function upsertShare(
  q: Queryable,
  s: { token: string; userId: number; type: ShareTarget; targetId: number; now: Date },
): Promise<{ row: ShareRow; created: boolean }> {
  const [made] = await q.query<ShareRow>(
    `INSERT INTO share_links (token, user_id, target_type, target_id, create_time) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, target_type, target_id) DO NOTHING RETURNING ${COLUMNS}`,
    [s.token, s.userId, s.type, s.targetId, s.now],
  );
  if (made) return { row: made, created: true };
  const [row] = await q.query<ShareRow>(`SELECT ${COLUMNS} FROM share_links WHERE user_id = $1 AND target_type = $2 AND target_id = $3`, [
    s.userId,
    s.type,
    s.targetId,
  ]);
  return { row, created: false };
}

const typeFilter = (type: ShareTarget | undefined) => (type ? 'AND target_type = $2' : '');

export async function countShares(q: Queryable, userId: number, type?: ShareTarget): Promise<number> {
  const params: unknown[] = type ? [userId, type] : [userId];
  return (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM share_links WHERE user_id = $1 ${typeFilter(type)}`, params))[0].n;
}

/** The person's links, newest first. */
export function listShares(q: Queryable, userId: number, type: ShareTarget | undefined, limit: number, offset: number): Promise<ShareRow[]> {
  const params: unknown[] = type ? [userId, type] : [userId];
  const n = params.length;
  return q.query<ShareRow>(
    `SELECT ${COLUMNS} FROM share_links WHERE user_id = $1 ${typeFilter(type)}
      ORDER BY create_time DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, limit, offset],
  );
}

/** Counts an open of the link; what it points at, undefined for an unknown token. */
export async function openShare(q: Queryable, token: string, now: Date): Promise<{ target_type: ShareTarget; target_id: number } | undefined> {
  const [row] = await q.query<{ target_type: ShareTarget; target_id: number }>(
    'UPDATE share_links SET opens = opens + 1, last_open_time = $2 WHERE token = $1 RETURNING target_type, target_id',
    [token, now],
  );
  return row;
}

const TITLE_SQL: Record<ShareTarget, { all: string; visible: string }> = {
  docs: { all: 'SELECT id, title FROM documents WHERE id = ANY($1::bigint[])', visible: publicDocCondition() },
  blogs: { all: 'SELECT id, title FROM blogs WHERE id = ANY($1::bigint[])', visible: publicBlogCondition() },
  folder: { all: 'SELECT id, name AS title FROM collect_folders WHERE id = ANY($1::bigint[])', visible: 'is_public' },
};

/** Titles of things of one kind by id: every one, or only those anyone may see. */
export async function targetTitles(q: Queryable, type: ShareTarget, ids: number[], onlyVisible: boolean): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const sql = TITLE_SQL[type];
  const rows = await q.query<{ id: number; title: string }>(`${sql.all}${onlyVisible ? ` AND ${sql.visible}` : ''}`, [ids]);
  return new Map(rows.map((r) => [Number(r.id), r.title]));
}
