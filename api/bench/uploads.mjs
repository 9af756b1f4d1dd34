// `npm run bench:uploads -w api` (Linux; LibreOffice and poppler installed): the upload path's figures on this
// machine, against the real API (dist/main.js as `npm start` runs it, its in-process conversion worker) on a fresh
// data folder, loopback only:
//   (c) the API's RSS (VmRSS of /proc, sampled every 100 ms) while a 200 MB file is sent through the chunked
//       upload API, its chunks streamed from a file on disk (made with a bounded loop, deleted after);
//   (a) pages converted per minute and (b) time from the last chunk to preview ready, for a 20-page docx
//       (LibreOffice) and a 100-page PDF (poppler).
//   BENCH_PORT=18495  BENCH_BIG_MB=200  BENCH_DOCX_PAGES=20  BENCH_PDF_PAGES=100
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, writeSync, openSync, closeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, HeadingLevel, Packer, PageBreak, Paragraph } from 'docx';
import PDFDocument from 'pdfkit';
import { startApi, waitForHealth } from '../../scripts/site.mjs';

const require = createRequire(import.meta.url);
const PORT = Number(process.env.BENCH_PORT ?? 18495);
const BIG_MB = Number(process.env.BENCH_BIG_MB ?? 200);
const DOCX_PAGES = Number(process.env.BENCH_DOCX_PAGES ?? 20);
const PDF_PAGES = Number(process.env.BENCH_PDF_PAGES ?? 100);
const BASE = `http://127.0.0.1:${PORT}`;
const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const DEV_TOKEN = randomBytes(18).toString('base64url');
const CONVERT_DEADLINE_MS = 15 * 60_000;
const LINE = '江畔何人初见月？江月何年初照人？人生代代无穷已，江月年年望相似。不知江月待何人，但见长江送流水。';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function start(dataDir) {
  const env = { NODE_ENV: 'development', DEV_ROUTES_TOKEN: DEV_TOKEN, RATE_LIMIT_SCALE: '100000' };
  const child = startApi({ port: PORT, dataDir, quiet: true, main: MAIN, env });
  await waitForHealth(`${BASE}/api/upload-setting/`, () => child, 300_000);
  return child;
}

/** A session of a new user (registered through the API with the dev outbox's code); answers the request headers. */
async function newUser() {
  const mobile = `137${String(Date.now()).slice(-8)}`;
  const post = (url, body, headers = {}) => fetch(`${BASE}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  await post('/api/codes/', { mobile, reason: 'REGISTER' });
  const outbox = await (await fetch(`${BASE}/api/dev/outbox/?mobile=${mobile}&limit=1`, { headers: { 'x-dev-token': DEV_TOKEN } })).json();
  const { public_key: key } = await (await fetch(`${BASE}/api/public-key/`)).json();
  const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('bench2026pass')).toString('base64');
  const reg = await post('/api/users/', { username: mobile, password, code: outbox.results[0].code });
  if (reg.status !== 201) throw new Error(`注册失败 ${reg.status} ${await reg.text()}`);
  const cookies = reg.headers.getSetCookie().map((c) => c.split(';')[0]);
  const csrf = cookies.find((c) => c.startsWith('csrftoken='))?.slice('csrftoken='.length) ?? '';
  return { cookie: cookies.join('; '), 'x-csrftoken': csrf };
}

async function call(auth, method, url, body) {
  const headers = body ? { ...auth, 'content-type': 'application/json' } : auth;
  const res = await fetch(`${BASE}${url}`, { method, headers, body: body && JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Sends the file at `file` through the chunked upload API, each chunk streamed from disk; answers the session id. */
async function upload(auth, file, name) {
  const size = statSync(file).size;
  const session = await call(auth, 'POST', '/api/upload-sessions/', { name, size });
  for (let offset = 0; offset < size; offset += session.chunk_size) {
    const end = Math.min(size, offset + session.chunk_size);
    const res = await fetch(`${BASE}/api/upload-sessions/${session.id}/?offset=${offset}`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/offset+octet-stream', 'content-length': String(end - offset) },
      body: createReadStream(file, { start: offset, end: end - 1 }),
      duplex: 'half',
    });
    if (!res.ok) throw new Error(`PUT 第 ${offset} 字节起的分片: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  return session.id;
}

/** (c): RSS every 100 ms for 2 s idle (baseline), then while BIG_MB MB go through the chunked API. */
async function bigUpload(child, auth, dir) {
  const file = path.join(dir, 'big.bin');
  const fd = openSync(file, 'w');
  const block = randomBytes(1024 * 1024);
  for (let i = 0; i < BIG_MB; i += 1) writeSync(fd, block);
  closeSync(fd);
  const idle = [];
  for (let i = 0; i < 20; i += 1, await sleep(100)) idle.push(rssMb(child.pid));
  const during = [];
  const sampler = setInterval(() => during.push(rssMb(child.pid)), 100);
  const began = Date.now();
  const id = await upload(auth, file, 'big.txt').finally(() => clearInterval(sampler));
  const seconds = (Date.now() - began) / 1000;
  await call(auth, 'DELETE', `/api/upload-sessions/${id}/`);
  rmSync(file, { force: true });
  const baseline = idle.reduce((a, b) => a + b, 0) / idle.length;
  const peak = Math.max(...during);
  return { baseline, peak, seconds, samples: during.length };
}

function docxFile(pages) {
  const children = [];
  for (let p = 1; p <= pages; p += 1) {
    if (p > 1) children.push(new Paragraph({ children: [new PageBreak()] }));
    children.push(new Paragraph({ text: `第${p}章 春江花月夜`, heading: HeadingLevel.HEADING_1 }));
    for (let i = 0; i < 6; i += 1) children.push(new Paragraph(LINE));
  }
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

function pdfFile(pages) {
  const font = readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'));
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 60 });
    const chunks = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font(font);
    for (let p = 1; p <= pages; p += 1) {
      if (p > 1) doc.addPage();
      doc.fontSize(18).text(`第${p}页 边塞诗选`).fontSize(12);
      for (let i = 0; i < 8; i += 1) doc.text(LINE);
    }
    doc.end();
  });
}

/** (a) and (b) for one file: upload, then from the last chunk to preview ready (待审核 with its pages). */
async function convertOne(auth, dir, name, bytes, category) {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  const session = await upload(auth, file, name);
  const lastChunk = Date.now();
  const doc = await call(auth, 'POST', '/api/docs/', { upload: session, title: name.replace(/\.\w+$/, ''), category, price: 0, agree: true });
  const created = Date.now();
  for (let mine = doc; Date.now() - lastChunk < CONVERT_DEADLINE_MS; await sleep(100)) {
    mine = await call(auth, 'GET', `/api/my-docs/${doc.id}/`);
    if (mine.status === 6) continue;
    if (mine.status !== 0 && mine.status !== 1) throw new Error(`${name} 转换失败：${mine.reason}`);
    const seconds = (Date.now() - lastChunk) / 1000;
    return { name, pages: mine.pages, kb: Math.round(bytes.length / 1024), seconds, converting: (Date.now() - created) / 1000 };
  }
  throw new Error(`${name} 在 ${CONVERT_DEADLINE_MS / 60000} 分钟内没有转换完`);
}

const dir = mkdtempSync(path.join(tmpdir(), 'bench-uploads-'));
let child;
process.on('exit', () => {
  if (child?.exitCode === null) child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});
// Ctrl-C: through 'exit', so the API stops and the 200 MB file goes
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
child = await start(path.join(dir, 'data'));
const auth = await newUser();
const category = (await call(auth, 'GET', '/api/upload-category/')).results[0].id;
console.log(`node ${process.version}, ${(await import('node:os')).cpus().length} CPU, API pid ${child.pid}`);

const mem = await bigUpload(child, auth, dir);
console.log(
  `(c) ${BIG_MB} MB through the chunked upload API in ${mem.seconds.toFixed(1)} s (${(BIG_MB / mem.seconds).toFixed(0)} MB/s): ` +
    `API RSS baseline ${mem.baseline.toFixed(0)} MB, peak ${mem.peak.toFixed(0)} MB, +${(mem.peak - mem.baseline).toFixed(0)} MB (${mem.samples} samples, every 100 ms)`,
);
for (const [name, bytes] of [[`bench-${DOCX_PAGES}.docx`, await docxFile(DOCX_PAGES)], [`bench-${PDF_PAGES}.pdf`, await pdfFile(PDF_PAGES)]]) {
  const r = await convertOne(auth, dir, name, bytes, category);
  console.log(
    `(a) ${r.name} (${r.kb} KB, ${r.pages} pages): ${((r.pages / r.converting) * 60).toFixed(0)} pages/min ` +
      `(${r.converting.toFixed(1)} s from POST /api/docs/ to preview ready); (b) last chunk → preview ready ${r.seconds.toFixed(1)} s`,
  );
}
const exited = new Promise((resolve) => child.once('exit', resolve));
child.kill('SIGTERM');
await exited;
