import type { Queryable } from '../../../core/db';
import type { Phone } from '../phone';
import type { InactiveReason, UserRow } from '../users';

const PLAIN_COLUMNS = [
  'id', 'country_code', 'mobile', 'email', 'password_hash', 'nickname', 'gender', 'level', 'avatar', 'intro',
  'inactive_reason', 'create_time', 'delete_request_time',
];

/** Column list of UserRow for a `users u` in the FROM clause. */
export const USER_COLUMNS =
  PLAIN_COLUMNS.map((c) => `u.${c}`).join(', ') +
  ', EXISTS (SELECT 1 FROM pwd_protection_answers pa WHERE pa.user_id = u.id) AS has_pwd_protection' +
  // comma-joined (no array parsing differences between PGlite and PostgreSQL); '' for everyone not staff
  ", COALESCE((SELECT string_agg(sr.role, ',' ORDER BY sr.role) FROM staff_roles sr WHERE sr.user_id = u.id), '') AS staff_roles_csv";

/** A live (not deleted) account by id. */
export async function findUserById(q: Queryable, id: number): Promise<UserRow | undefined> {
  const rows = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1 AND u.delete_time IS NULL`, [id]);
  return rows[0];
}

/** An account by id, deleted or not (right after it was written in the same transaction). */
export async function readUser(q: Queryable, id: number): Promise<UserRow> {
  const [user] = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
  return user;
}

export async function findUserByPhone(q: Queryable, phone: Phone): Promise<UserRow | undefined> {
  const rows = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users u WHERE u.country_code = $1 AND u.mobile = $2 AND u.delete_time IS NULL`,
    [phone.countryCode, phone.mobile],
  );
  return rows[0];
}

export interface NewUser {
  phone?: Phone;
  passwordHash?: string | null;
  nickname: string;
  inactiveReason?: InactiveReason | null;
  platform: string;
  now: Date;
}

/** Inserts an account; a phone that is already taken answers undefined (the unique index decides, race-free). */
export async function createUser(q: Queryable, user: NewUser): Promise<UserRow | undefined> {
  const rows = await q.query<UserRow>(
    `INSERT INTO users (country_code, mobile, password_hash, nickname, inactive_reason, register_platform,
                        create_time, update_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     ON CONFLICT DO NOTHING
     RETURNING ${PLAIN_COLUMNS.join(', ')}, false AS has_pwd_protection, '' AS staff_roles_csv`,
    [
      user.phone?.countryCode ?? null,
      user.phone?.mobile ?? null,
      user.passwordHash ?? null,
      user.nickname,
      user.inactiveReason ?? null,
      user.platform,
      user.now,
    ],
  );
  return rows[0];
}

export async function setShareAppKey(q: Queryable, userId: number, key: string): Promise<void> {
  await q.query('UPDATE users SET share_app_key = $2 WHERE id = $1', [userId, key]);
}

export async function setPasswordHash(q: Queryable, userId: number, passwordHash: string, now: Date): Promise<void> {
  await q.query('UPDATE users SET password_hash = $2, update_time = $3 WHERE id = $1', [userId, passwordHash, now]);
}

export interface ProfileChange {
  nickname: string | null;
  gender: string | null;
  intro: string | null;
  avatar: string | null;
}

/** Sets the profile fields given (null keeps a field as it is). */
export async function updateProfile(q: Queryable, userId: number, change: ProfileChange, now: Date): Promise<void> {
  await q.query(
    `UPDATE users SET nickname = COALESCE($2, nickname), gender = COALESCE($3, gender),
                      intro = COALESCE($4, intro), avatar = COALESCE($5, avatar), update_time = $6
      WHERE id = $1`,
    [userId, change.nickname, change.gender, change.intro, change.avatar, now],
  );
}

/** The nickname a third-party profile gives a new account. */
export async function setNickname(q: Queryable, userId: number, nickname: string): Promise<void> {
  await q.query('UPDATE users SET nickname = $2 WHERE id = $1', [userId, nickname]);
}

/** CODE_LOGIN_NO_PASSWORD activated: nickname and password set; the share key kept when one is there. */
export async function activateWithPassword(
  q: Queryable,
  userId: number,
  values: { nickname: string; passwordHash: string; shareAppKey: string | null },
  now: Date,
): Promise<void> {
  await q.query(
    `UPDATE users SET nickname = $2, password_hash = $3, inactive_reason = NULL, update_time = $4,
                      share_app_key = COALESCE(share_app_key, $5)
      WHERE id = $1`,
    [userId, values.nickname, values.passwordHash, now, values.shareAppKey],
  );
}

/** TRD_LOGIN_NO_MOBILE activated: the phone bound (a unique violation when another account has it meanwhile). */
export async function activateWithPhone(q: Queryable, userId: number, phone: Phone, shareAppKey: string | null, now: Date): Promise<void> {
  await q.query(
    `UPDATE users SET country_code = $2, mobile = $3, inactive_reason = NULL, update_time = $4,
                      share_app_key = COALESCE(share_app_key, $5)
      WHERE id = $1`,
    [userId, phone.countryCode, phone.mobile, now, shareAppKey],
  );
}

/** A new phone for the account (a unique violation when another account has it). */
export async function setPhone(q: Queryable, userId: number, phone: Phone, now: Date): Promise<void> {
  await q.query('UPDATE users SET country_code = $2, mobile = $3, update_time = $4 WHERE id = $1', [
    userId,
    phone.countryCode,
    phone.mobile,
    now,
  ]);
}

/** A new e-mail address, or none (a unique violation when another account has it). */
export async function setEmail(q: Queryable, userId: number, email: string | null, now: Date): Promise<void> {
  await q.query('UPDATE users SET email = $2, update_time = $3 WHERE id = $1', [userId, email, now]);
}

/** Locks the account's row for the transaction and answers its phone. */
export async function lockUserMobile(q: Queryable, userId: number): Promise<string | null | undefined> {
  const [row] = await q.query<{ mobile: string | null }>('SELECT mobile FROM users WHERE id = $1 FOR UPDATE', [userId]);
  return row?.mobile;
}

export async function deleteUserRow(q: Queryable, userId: number): Promise<void> {
  await q.query('DELETE FROM users WHERE id = $1', [userId]);
}

/** The account asked to be deleted at `at` (null: it no longer does). */
export async function setDeleteRequest(q: Queryable, userId: number, at: Date | null): Promise<void> {
  await q.query('UPDATE users SET delete_request_time = $2 WHERE id = $1', [userId, at]);
}

/** The accounts whose deletion was asked for before `before` and is still due. */
export async function dueDeletions(q: Queryable, before: Date): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    'SELECT id FROM users WHERE delete_request_time < $1 AND delete_time IS NULL ORDER BY id LIMIT 500',
    [before],
  );
  return rows.map((r) => r.id);
}

/**
 * A deleted account: the row stays (later records point at it); what identifies the person goes, with the
 * third-party bindings, security answers and sessions.
 */
export async function anonymiseUser(q: Queryable, userId: number, now: Date): Promise<void> {
  await q.query(
    `UPDATE users SET delete_time = $2, update_time = $2, delete_request_time = NULL, country_code = NULL, mobile = NULL, email = NULL,
                      password_hash = NULL, nickname = '已注销用户', avatar = '', intro = '', share_app_key = NULL
      WHERE id = $1`,
    [userId, now],
  );
  await q.query('DELETE FROM trd_accounts WHERE user_id = $1', [userId]);
  await q.query('DELETE FROM pwd_protection_answers WHERE user_id = $1', [userId]);
  await q.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
}
