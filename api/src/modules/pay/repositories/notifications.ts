import type { Queryable } from '../../../core/db';

export interface NotificationLog {
  method: string;
  notifyId: string;
  outTradeNo: string;
  verified: boolean;
  outcome: string;
  detail: string;
  raw: string;
  at: Date;
}

export async function logNotification(q: Queryable, n: NotificationLog): Promise<void> {
  await q.query(
    `INSERT INTO payment_notifications (pay_method, notify_id, out_trade_no, verified, outcome, detail, raw, create_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [n.method, n.notifyId.slice(0, 100), n.outTradeNo.slice(0, 64), n.verified, n.outcome, n.detail.slice(0, 500), n.raw.slice(0, 8000), n.at],
  );
}

export function notificationsOf(q: Queryable, outTradeNo: string): Promise<{ verified: boolean; outcome: string; notify_id: string }[]> {
  return q.query('SELECT verified, outcome, notify_id FROM payment_notifications WHERE out_trade_no = $1 ORDER BY id', [outTradeNo]);
}
