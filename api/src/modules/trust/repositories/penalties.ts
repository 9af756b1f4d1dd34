import type { Penalty, PenaltyKind } from 'contracts';
import type { Queryable } from '../../../core/db';

export interface PenaltyRow {
  id: number;
  uid: number;
  kind: Penalty['kind'];
  reason: string;
  end_time: Date | null;
  lifted_time: Date | null;
  prev_reason: string | null;
  create_time: Date;
}

const COLUMNS = 'id::int AS id, user_id::int AS uid, kind, reason, end_time, lifted_time, prev_reason, create_time';

/** The user's penalty of this kind in force at `now` (not lifted, not ended), the longest first. */
export async function activePenaltyOf(q: Queryable, userId: number, kind: PenaltyKind, now: Date): Promise<{ id: number; kind: PenaltyKind; reason: string; end_time: Date | null } | undefined> {
  const [row] = await q.query<{ id: number; kind: PenaltyKind; reason: string; end_time: Date | null }>(
    `SELECT id::int AS id, kind, reason, end_time FROM penalties
      WHERE user_id = $1 AND kind = $2 AND lifted_time IS NULL AND (end_time IS NULL OR end_time > $3)
      ORDER BY end_time DESC NULLS FIRST LIMIT 1`,
    [userId, kind, now],
  );
  return row;
}

/** The penalties in force at `now` of these users. */
export async function activePenaltiesOf(q: Queryable, userIds: number[], now: Date): Promise<PenaltyRow[]> {
  return q.query<PenaltyRow>(
    `SELECT ${COLUMNS} FROM penalties WHERE user_id = ANY($1::bigint[]) AND lifted_time IS NULL AND (end_time IS NULL OR end_time > $2) ORDER BY id`,
    [userIds, now],
  );
}

export async function stillDisabled(q: Queryable, userId: number, now: Date): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM penalties WHERE user_id = $1 AND kind = 'disabled' AND lifted_time IS NULL AND (end_time IS NULL OR end_time > $2)`,
    [userId, now],
  );
  return rows.length > 0;
}

export async function insertPenalty(
  q: Queryable,
  p: { userId: number; kind: PenaltyKind; reason: string; staffId: number; end: Date | null; prevReason: string | null },
  at: Date,
): Promise<PenaltyRow> {
  const [row] = await q.query<PenaltyRow>(
    `INSERT INTO penalties (user_id, kind, reason, staff_id, end_time, prev_reason, create_time) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [p.userId, p.kind, p.reason, p.staffId, p.end, p.prevReason, at],
  );
  return row;
}

export async function penaltyForUpdate(q: Queryable, id: number): Promise<PenaltyRow | undefined> {
  const [row] = await q.query<PenaltyRow>(`SELECT ${COLUMNS} FROM penalties WHERE id = $1 FOR UPDATE`, [id]);
  return row;
}

export async function liftPenalty(q: Queryable, id: number, at: Date): Promise<PenaltyRow> {
  const [row] = await q.query<PenaltyRow>(`UPDATE penalties SET lifted_time = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [id, at]);
  return row;
}

/** 'disabled' penalties not lifted whose end has come (at most 200). */
export async function endedDisabled(q: Queryable, now: Date): Promise<PenaltyRow[]> {
  return q.query<PenaltyRow>(`SELECT ${COLUMNS} FROM penalties WHERE kind = 'disabled' AND lifted_time IS NULL AND end_time <= $1 ORDER BY id LIMIT 200`, [now]);
}

/** Lifted at its end time (the sweep). */
export async function liftAtEnd(q: Queryable, id: number): Promise<void> {
  await q.query('UPDATE penalties SET lifted_time = end_time WHERE id = $1 AND lifted_time IS NULL', [id]);
}
