import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from './passwords';
import { parsePhone } from './phone';
import { createUser, findUserByPhone } from './repositories/users';
import { grantRole } from './repositories/staff';

/** The demo site's staff account (the staff console at /app/admin): its phone, and where its login is kept. */
export const DEMO_STAFF_MOBILE = '13900000000';
export const DEMO_STAFF_FILE = 'demo-staff.json';

/** 12 letters and digits, at least one of each (the password rule of SPEC §5). */
function demoPassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyz';
  const all = `${letters}23456789`;
  const body = Array.from({ length: 10 }, () => all[randomInt(all.length)]).join('');
  return `${letters[randomInt(letters.length)]}${body}${randomInt(2, 10)}`;
}

/**
 * On a demo site (development, demo content seeded into this data folder): an admin account with a random password,
 * written to DATA_DIR/demo-staff.json (owner-only) for `npm start` to print. Made once; a later start leaves it as
 * it is, and a production site never gets one (its first staff account is made with `npm run staff -w api`).
 */
export async function ensureDemoStaff(app: FastifyInstance, dataDir: string): Promise<{ mobile: string; password: string } | null> {
  const file = path.join(dataDir, DEMO_STAFF_FILE);
  if (app.accountsConfig.mode === 'production' || existsSync(file)) return null;
  const phone = parsePhone(DEMO_STAFF_MOBILE, undefined);
  if (await findUserByPhone(app.db, phone)) return null; // someone registered the number: no demo account then
  const password = demoPassword();
  const passwordHash = await hashPassword(password);
  await app.db.transaction(async (tx) => {
    const user = await createUser(tx, { phone, passwordHash, nickname: '演示管理员', platform: 'pc', now: new Date() });
    if (user) await grantRole(tx, user.id, 'admin');
  });
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify({ mobile: DEMO_STAFF_MOBILE, password }, null, 2), { mode: 0o600 });
  return { mobile: DEMO_STAFF_MOBILE, password };
}
