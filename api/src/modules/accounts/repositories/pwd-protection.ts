import type { Queryable } from '../../../core/db';

export interface QuestionRow {
  id: number;
  question: string;
  selected: boolean;
}

export async function countQuestions(q: Queryable): Promise<number> {
  return (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM pwd_protection_questions'))[0].n;
}

/** A page of the questions, each marked when `userId` (0: a visitor) has answered it. */
export function listQuestions(q: Queryable, userId: number, limit: number, offset: number): Promise<QuestionRow[]> {
  return q.query<QuestionRow>(
    `SELECT q.id, q.question, (a.user_id IS NOT NULL) AS selected
       FROM pwd_protection_questions q
       LEFT JOIN pwd_protection_answers a ON a.question_id = q.id AND a.user_id = $1
      ORDER BY q.sequence, q.id LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
}

/** How many of these question ids exist. */
export async function countKnownQuestions(q: Queryable, ids: number[]): Promise<number> {
  return (await q.query<{ id: number }>('SELECT id FROM pwd_protection_questions WHERE id = ANY($1::int[])', [ids])).length;
}

export async function hasAnswers(q: Queryable, userId: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM pwd_protection_answers WHERE user_id = $1 LIMIT 1', [userId])).length > 0;
}

export function storedAnswers(q: Queryable, userId: number): Promise<{ question_id: number; answer_hash: string }[]> {
  return q.query<{ question_id: number; answer_hash: string }>(
    'SELECT question_id, answer_hash FROM pwd_protection_answers WHERE user_id = $1',
    [userId],
  );
}

/** The user's answers replaced by these (question id and hash, in order); call inside a transaction. */
export async function replaceAnswers(q: Queryable, userId: number, answers: { questionId: number; hash: string }[], now: Date): Promise<void> {
  await q.query('DELETE FROM pwd_protection_answers WHERE user_id = $1', [userId]);
  for (const [i, a] of answers.entries()) {
    await q.query(
      `INSERT INTO pwd_protection_answers (user_id, position, question_id, answer_hash, update_time)
       VALUES ($1, $2, $3, $4, $5)`,
      [userId, i + 1, a.questionId, a.hash, now],
    );
  }
}
