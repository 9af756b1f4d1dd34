import type { Queryable } from '../../../core/db';
import type { QrRow, QrType } from '../qr-login';

export interface NewQr {
  tokenHash: string;
  type: QrType;
  browserHash: string;
  platform: string;
  now: Date;
  expireTime: Date;
}

export async function insertQr(q: Queryable, qr: NewQr): Promise<void> {
  await q.query(
    `INSERT INTO login_qrcodes (token_hash, type, status, browser_hash, platform, create_time, expire_time)
     VALUES ($1, $2, 'waiting', $3, $4, $5, $6)`,
    [qr.tokenHash, qr.type, qr.browserHash, qr.platform, qr.now, qr.expireTime],
  );
}

export async function findQrByHash(q: Queryable, tokenHash: string): Promise<QrRow | undefined> {
  const [row] = await q.query<QrRow>(
    `SELECT type, status, browser_hash, platform, user_id, expire_time, confirm_time FROM login_qrcodes WHERE token_hash = $1`,
    [tokenHash],
  );
  return row;
}

/**
 * The app's scan or confirmation: a live code that is waiting or scanned, untaken or taken by this user, moves
 * to `status`. False when no code matched (the caller finds out why).
 */
export async function markQr(
  q: Queryable,
  tokenHash: string,
  type: QrType,
  status: 'scanned' | 'confirmed',
  userId: number,
  now: Date,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE login_qrcodes SET status = $3, user_id = $4, confirm_time = CASE WHEN $3 = 'confirmed' THEN $5::timestamptz END
      WHERE token_hash = $1 AND type = $2 AND status IN ('waiting', 'scanned') AND expire_time > $5
        AND (user_id IS NULL OR user_id = $4)
      RETURNING status`,
    [tokenHash, type, status, userId, now],
  );
  return rows.length > 0;
}

/** Takes a code confirmed after `confirmedAfter` for its browser (deleted in the same statement: once only). */
export async function takeConfirmedQr(
  q: Queryable,
  tokenHash: string,
  browserHash: string | null,
  confirmedAfter: Date,
): Promise<{ user_id: number; platform: string } | undefined> {
  const [taken] = await q.query<{ user_id: number; platform: string }>(
    `DELETE FROM login_qrcodes WHERE token_hash = $1 AND status = 'confirmed' AND browser_hash = $2 AND confirm_time > $3
     RETURNING user_id, platform`,
    [tokenHash, browserHash, confirmedAfter],
  );
  return taken;
}

export async function deleteQrExpiredBefore(q: Queryable, cutoff: Date): Promise<void> {
  await q.query('DELETE FROM login_qrcodes WHERE expire_time < $1', [cutoff]);
}
