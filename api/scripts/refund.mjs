#!/usr/bin/env node
// `npm run refund -w api -- <order_no> <reason>`: a full refund by staff, through the order's provider (or its
// simulator), with the same configuration as the API (environment, DATABASE_URL or PGlite in DATA_DIR). Until the
// staff console lands (mf-admin) this is how staff refunds, e.g. a document taken down after it was bought. On
// PGlite stop the API first (one process per data folder). Exit code 1 when the refund did not happen.
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const dist = (p) => require(path.join(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '..', 'dist', p));
const { buildServer } = dist('server.js');
const { defaultDataDir } = dist('core/paths.js');

const [orderNo, ...words] = process.argv.slice(2);
const reason = words.join(' ');
if (!orderNo || !reason) {
  console.error('用法：npm run refund -w api -- <订单号> <退款原因>');
  process.exit(2);
}
const app = await buildServer({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: path.resolve(process.env.DATA_DIR || defaultDataDir),
  pay: { siteOrigin: process.env.SITE_ORIGIN },
});
try {
  await app.ready();
  const outcome = await app.pay.refund(orderNo, reason, process.env.USER || 'staff');
  console.log(outcome === 'refunded' ? `订单 ${orderNo} 已退款。` : `订单 ${orderNo} 退款已提交，支付机构处理中（${outcome}）。`);
} catch (error) {
  console.error(`退款失败：${error.message}`);
  process.exitCode = 1;
} finally {
  await app.close();
}
