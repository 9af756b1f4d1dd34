#!/usr/bin/env node
// `npm run staff -w api -- grant <手机号> <角色>` / `revoke <手机号> <角色>` / `list <手机号>`: staff roles
// (admin, reviewer, finance, support; admin holds every role) of the account of a phone, in the database of
// DATABASE_URL or PGlite in DATA_DIR (the server's defaults). This is how the first staff account is made; on
// PGlite stop the API first (one process per data folder). Exit code 1 when nothing changed or the input is wrong.
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const dist = (p) => require(path.join(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '..', 'dist', p));
const { openDb, runMigrations } = dist('core/db/index.js');
const { migrationsDir, defaultDataDir } = dist('core/paths.js');
const { parsePhone } = dist('modules/accounts/phone.js');
const { findUserByPhone } = dist('modules/accounts/repositories/users.js');
const { grantRole, revokeRole, rolesOf } = dist('modules/accounts/repositories/staff.js');
const { STAFF_ROLES } = require('contracts');

const USAGE = `用法：npm run staff -w api -- grant|revoke <手机号> <角色>，或 list <手机号>；角色：${STAFF_ROLES.join('、')}`;
const [command, mobile, role] = process.argv.slice(2);
const known = command === 'list' ? mobile : mobile && STAFF_ROLES.includes(role);
if (!['grant', 'revoke', 'list'].includes(command) || !known) {
  console.error(USAGE);
  process.exit(2);
}

const db = await openDb({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: path.resolve(process.env.DATA_DIR || defaultDataDir) });
try {
  await runMigrations(db, migrationsDir);
  const user = await findUserByPhone(db, parsePhone(mobile, undefined));
  if (!user) throw new Error('该手机号还没有注册账号');
  if (command === 'grant') await grantRole(db, user.id, role);
  if (command === 'revoke' && !(await revokeRole(db, user.id, role))) {
    console.error(`账号 ${user.id} 没有 ${role} 角色。`);
    process.exitCode = 1;
  }
  const roles = await rolesOf(db, user.id);
  console.log(`账号 ${user.id}（${user.nickname}）的角色：${roles.length ? roles.join('、') : '无'}`);
} catch (error) {
  console.error(`失败：${error.message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
