import type { Queryable } from '../../../core/db';

/** Nicknames of users by id (lists and details show them beside documents and blogs). */
export function userNicknames(q: Queryable, ids: number[]): Promise<{ id: number; nickname: string }[]> {
  return q.query<{ id: number; nickname: string }>('SELECT id, nickname FROM users WHERE id = ANY($1::bigint[])', [ids]);
}
