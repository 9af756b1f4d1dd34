import type { Queryable } from '../../../core/db';

/** The SQL of user_events: what a user is told about (the notifications issue reads them). */
export interface UserEvent {
  userId: number;
  kind: string;
  title: string;
  body: string;
  link: string;
}

export async function insertEvent(q: Queryable, e: UserEvent, now: Date): Promise<void> {
  await q.query('INSERT INTO user_events (user_id, kind, title, body, link, create_time) VALUES ($1, $2, $3, $4, $5, $6)', [
    e.userId,
    e.kind,
    e.title.slice(0, 200),
    e.body.slice(0, 2000),
    e.link,
    now,
  ]);
}

export async function eventsOf(q: Queryable, userId: number): Promise<{ kind: string; title: string; body: string; link: string; read: boolean }[]> {
  return q.query('SELECT kind, title, body, link, read FROM user_events WHERE user_id = $1 ORDER BY id DESC', [userId]);
}
