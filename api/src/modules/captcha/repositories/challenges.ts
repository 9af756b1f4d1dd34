import type { CaptchaType } from 'contracts';
import type { Queryable } from '../../../core/db';
import { challengeId } from '../random';

/** The image variants, and the login form's text captcha. */
export type ChallengeKindName = CaptchaType | 'login';

/** Stores a challenge's secret answer for `ttlSeconds` (database clock); returns its id. */
export async function saveChallenge(
  db: Queryable,
  kind: ChallengeKindName,
  answer: unknown,
  ttlSeconds: number,
): Promise<string> {
  const id = challengeId();
  await db.query(
    `INSERT INTO captcha_challenges (id, kind, answer, expire_time)
     VALUES ($1, $2, $3::jsonb, now() + make_interval(secs => $4))`,
    [id, kind, JSON.stringify(answer), ttlSeconds],
  );
  return id;
}

export interface TakenChallenge {
  kind: ChallengeKindName;
  answer: unknown;
  /** False once expire_time has passed. */
  live: boolean;
}

/**
 * Removes the challenge and returns it: whatever the answer turns out to be, nobody can answer it again.
 * One statement, so two simultaneous answers (even from two API processes) cannot both get it.
 * `login` takes only login-form captchas; `image` only the four image variants.
 */
export async function takeChallenge(db: Queryable, id: string, family: 'login' | 'image'): Promise<TakenChallenge | null> {
  const rows = await db.query<TakenChallenge>(
    `DELETE FROM captcha_challenges
      WHERE id = $1 AND (kind = 'login') = $2
      RETURNING kind, answer, expire_time > now() AS live`,
    [id, family === 'login'],
  );
  return rows[0] ?? null;
}

/**
 * Counts one more image request for each scope in the current minute and returns the new counts, by scope.
 * A fixed one-minute window in the database: every API process sees the same numbers.
 */
export async function countRequest(db: Queryable, scopes: readonly string[]): Promise<Map<string, number>> {
  const values = scopes.map((_, i) => `($${i + 1}, floor(extract(epoch FROM now()) / 60)::bigint, 1)`).join(', ');
  const rows = await db.query<{ scope: string; n: number }>(
    `INSERT INTO captcha_request_counts (scope, minute, n) VALUES ${values}
     ON CONFLICT (scope, minute) DO UPDATE SET n = captcha_request_counts.n + 1
     RETURNING scope, n`,
    scopes,
  );
  return new Map(rows.map((r) => [r.scope, r.n]));
}

/** A live challenge's kind and secret answer, without spending it (the development route that solves captchas). */
export async function peekChallenge(db: Queryable, id: string): Promise<{ kind: string; answer: unknown } | null> {
  const [row] = await db.query<{ kind: string; answer: unknown }>(
    'SELECT kind, answer FROM captcha_challenges WHERE id = $1 AND expire_time > now()',
    [id],
  );
  return row ?? null;
}

/** Deletes expired challenges and past minutes' counts. */
export async function sweep(db: Queryable): Promise<void> {
  await db.query('DELETE FROM captcha_challenges WHERE expire_time < now()');
  await db.query('DELETE FROM captcha_request_counts WHERE minute < floor(extract(epoch FROM now()) / 60)::bigint - 1');
}
