import type { ActivityClaimKind, ActivityKind } from 'contracts';
import type { Queryable } from '../../../core/db';

export interface ActivityRow {
  id: number;
  kind: ActivityKind;
  title: string;
  summary: string;
  rules: string;
  cover: string;
  category_id: number | null;
  category_name: string | null;
  target_count: number;
  reward_coins: number;
  inviter_coins: number;
  max_account_days: number;
  daily_limit: number;
  claim_days: number;
  start_time: Date;
  end_time: Date;
  active: boolean;
  sequence: number;
  joined_count: number;
}

const SELECT = `SELECT a.id, a.kind, a.title, a.summary, a.rules, a.cover, a.category_id, c.name AS category_name, a.target_count,
    a.reward_coins, a.inviter_coins, a.max_account_days, a.daily_limit, a.claim_days, a.start_time, a.end_time, a.active, a.sequence,
    (CASE a.kind WHEN 'upload_theme' THEN (SELECT count(*) FROM activity_joins j WHERE j.activity_id = a.id)
                 WHEN 'invite' THEN (SELECT count(*) FROM invitations)
                 ELSE (SELECT count(*) FROM activity_claims k WHERE k.activity_id = a.id) END)::int AS joined_count
  FROM activities a LEFT JOIN content_categories c ON c.id = a.category_id`;

export async function countActivities(q: Queryable, kind: ActivityKind | null, all: boolean): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM activities WHERE ($1::text IS NULL OR kind = $1) AND (active OR $2)',
    [kind, all],
  );
  return row.n;
}

export function listActivities(q: Queryable, kind: ActivityKind | null, all: boolean, limit: number, offset: number): Promise<ActivityRow[]> {
  return q.query<ActivityRow>(
    `${SELECT} WHERE ($1::text IS NULL OR a.kind = $1) AND (a.active OR $2) ORDER BY a.sequence, a.id LIMIT $3 OFFSET $4`,
    [kind, all, limit, offset],
  );
}

export async function activityById(q: Queryable, id: number, all = false): Promise<ActivityRow | undefined> {
  const [row] = await q.query<ActivityRow>(`${SELECT} WHERE a.id = $1 AND (a.active OR $2)`, [id, all]);
  return row;
}

/** The ongoing active activity of a kind (the first by sequence): the invitation drive a registration joins. */
export async function currentOfKind(q: Queryable, kind: ActivityKind, now: Date): Promise<ActivityRow | undefined> {
  const [row] = await q.query<ActivityRow>(
    `${SELECT} WHERE a.kind = $1 AND a.active AND a.start_time <= $2 AND a.end_time > $2 ORDER BY a.sequence, a.id LIMIT 1`,
    [kind, now],
  );
  return row;
}

export interface ActivityValues {
  kind?: ActivityKind;
  title?: string;
  summary?: string;
  rules?: string;
  cover?: string;
  category_id?: number | null;
  target_count?: number;
  reward_coins?: number;
  inviter_coins?: number;
  max_account_days?: number;
  daily_limit?: number;
  claim_days?: number;
  start_time?: Date;
  end_time?: Date;
  active?: boolean;
  sequence?: number;
}

const COLUMNS = ['kind', 'title', 'summary', 'rules', 'cover', 'category_id', 'target_count', 'reward_coins', 'inviter_coins',
  'max_account_days', 'daily_limit', 'claim_days', 'start_time', 'end_time', 'active', 'sequence'] as const;

export async function insertActivity(q: Queryable, v: ActivityValues, now: Date): Promise<number> {
  const given = COLUMNS.filter((c) => v[c] !== undefined);
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO activities (${given.join(', ')}, create_time, update_time)
     VALUES (${given.map((_, i) => `$${i + 1}`).join(', ')}, $${given.length + 1}, $${given.length + 1}) RETURNING id`,
    [...given.map((c) => v[c]), now],
  );
  return row.id;
}

/** Changes the given columns; false when there is no such activity. */
export async function updateActivity(q: Queryable, id: number, v: ActivityValues, now: Date): Promise<boolean> {
  const given = COLUMNS.filter((c) => v[c] !== undefined);
  const sets = given.map((c, i) => `${c} = $${i + 3}`);
  const rows = await q.query<{ id: number }>(
    `UPDATE activities SET ${[...sets, 'update_time = $2'].join(', ')} WHERE id = $1 RETURNING id`,
    [id, now, ...given.map((c) => v[c])],
  );
  return rows.length > 0;
}

export async function categoryExists(q: Queryable, id: number): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM content_categories WHERE id = $1', [id]);
  return rows.length > 0;
}

export async function isJoined(q: Queryable, activityId: number, userId: number): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM activity_joins WHERE activity_id = $1 AND user_id = $2', [activityId, userId]);
  return rows.length > 0;
}

export async function insertJoin(q: Queryable, activityId: number, userId: number, now: Date): Promise<void> {
  await q.query('INSERT INTO activity_joins (activity_id, user_id, create_time) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [activityId, userId, now]);
}

/** Upload theme progress: my published documents (status 1 or 5) made within the period, in its category (and below it). */
export async function approvedUploads(q: Queryable, a: { category_id: number | null; start_time: Date; end_time: Date }, userId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM documents d
      WHERE d.uploader_id = $1 AND d.status IN (1, 5) AND d.create_time >= $2 AND d.create_time < $3
        AND ($4::bigint IS NULL OR d.category_id = $4 OR d.category_id IN (SELECT id FROM content_categories WHERE parent_id = $4))`,
    [userId, a.start_time, a.end_time, a.category_id],
  );
  return row.n;
}

export interface ClaimRow {
  id: number;
  activity_id: number;
  activity_title: string;
  kind: ActivityClaimKind;
  title: string;
  coins: number;
  state: 'credited';
  create_time: Date;
}

const CLAIM_SELECT = `SELECT k.id, k.activity_id, a.title AS activity_title, k.kind, k.title, k.coins, k.state, k.create_time
  FROM activity_claims k JOIN activities a ON a.id = k.activity_id`;

export async function countClaims(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM activity_claims WHERE user_id = $1', [userId]);
  return row.n;
}

export function listClaims(q: Queryable, userId: number, limit: number, offset: number): Promise<ClaimRow[]> {
  return q.query<ClaimRow>(`${CLAIM_SELECT} WHERE k.user_id = $1 ORDER BY k.id DESC LIMIT $2 OFFSET $3`, [userId, limit, offset]);
}

export async function claimById(q: Queryable, userId: number, id: number): Promise<ClaimRow | undefined> {
  const [row] = await q.query<ClaimRow>(`${CLAIM_SELECT} WHERE k.user_id = $1 AND k.id = $2`, [userId, id]);
  return row;
}

export async function hasClaim(q: Queryable, activityId: number, userId: number, kind: ActivityClaimKind): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM activity_claims WHERE activity_id = $1 AND user_id = $2 AND kind = $3', [activityId, userId, kind]);
  return rows.length > 0;
}

/** A new-user gift taken already by this phone or this device (any account). */
export async function giftTakenBy(q: Queryable, activityId: number, phone: string | null, device: string | null): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM activity_claims WHERE activity_id = $1 AND kind = 'new_user_gift' AND (phone = $2 OR device = $3) LIMIT 1`,
    [activityId, phone, device],
  );
  return rows.length > 0;
}

export interface NewClaim {
  activityId: number;
  userId: number;
  kind: ActivityClaimKind;
  coins: number;
  title: string;
  inviteeId?: number | null;
  phone?: string | null;
  device?: string | null;
  now: Date;
}

/** The claim's id; null when its unique key (once per person, phone, device or invitee) is taken. */
export async function insertClaim(q: Queryable, c: NewClaim): Promise<number | null> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO activity_claims (activity_id, user_id, kind, coins, title, invitee_id, phone, device, create_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING id`,
    [c.activityId, c.userId, c.kind, c.coins, c.title, c.inviteeId ?? null, c.phone ?? null, c.device ?? null, c.now],
  );
  return row ? row.id : null;
}

export async function setClaimEntry(q: Queryable, claimId: number, entryId: number): Promise<void> {
  await q.query('UPDATE activity_claims SET entry_id = $2 WHERE id = $1', [claimId, entryId]);
}
