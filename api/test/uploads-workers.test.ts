import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accountOptions, registeredClient, type Client } from './accounts-helpers';
import { engines, startServer, useEngine, type TestServer } from './helpers';
import { eventually } from './pay-helpers';
import { storeKinds, uniqueRedisPrefix, useRedis } from './redis-helpers';
import { createDoc, uploadFile } from './uploads-helpers';

// `npm run worker -w api`: conversion worker processes besides the API (docs/uploads.md, "Conversion queue").

const API = path.resolve(__dirname, '..');
const JOBS = 20;

test('the worker command refuses to start without PostgreSQL, with a Chinese message', () => {
  const run = spawnSync(process.execPath, [path.join(API, 'dist', 'worker-main.js')], { env: { ...process.env, DATABASE_URL: '' }, encoding: 'utf8', timeout: 60_000 });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('转换工作进程需要 PostgreSQL');
});

interface WorkerChild {
  child: ChildProcess;
  id: string;
  /** `job-<id>-<attempt>` of every job this worker started. */
  started: string[];
  exited: Promise<number | null>;
}

function startWorker(env: Record<string, string>): WorkerChild {
  const child = spawn(process.execPath, [path.join(__dirname, 'worker-child.cjs')], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  const w: WorkerChild = { child, id: '', started: [], exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const lines = out.split('\n');
    out = lines.pop()!;
    for (const line of lines) {
      if (line.startsWith('ready ')) w.id = line.slice(6);
      if (line.startsWith('start ')) w.started.push(line.slice(6));
    }
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  void w.exited.then((code) => code !== 0 && code !== null && console.error(`worker exited ${code}: ${stderr}`));
  return w;
}

const jobNumber = (started: string) => Number(/^job-(\d+)-\d+$/.exec(started)![1]);

/** The queues the worker processes may share: the PostgreSQL lease queue, and BullMQ when Redis is there. */
function queueKinds(): ('postgres' | 'redis')[] {
  // PostgreSQL-only (PGlite cannot be shared by processes): REQUIRE_POSTGRES / REQUIRE_REDIS make a missing
  // server an error, as in the other suites
  const redis = storeKinds().includes('redis');
  if (!engines().includes('postgres')) return [];
  return redis ? ['redis', 'postgres'] : ['postgres'];
}

const KINDS = queueKinds();
if (KINDS.length) {
  describe.each(KINDS)('two worker processes sharing 20 jobs, one killed mid-job (queue: %s)', (kind) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'api-workers-'));
    let server: TestServer;
    let client: Client;
    let category: number;
    const workers: WorkerChild[] = [];
    // declared first: Jest runs afterAll hooks in declaration order, and the database and Redis must outlive these
    afterAll(async () => {
      for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
      await Promise.all(workers.map((w) => w.exited));
      await server?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const db = useEngine('postgres', `${__filename}-${kind}`);
    const redis = useRedis(kind === 'redis' ? 'redis' : 'memory');
    const prefix = uniqueRedisPrefix();
    beforeAll(async () => {
      const accounts = { redisUrl: redis.url(), redisKeyPrefix: prefix };
      // the API takes uploads and queues jobs; it converts nothing itself
      server = await startServer({ ...accountOptions({ ...db.options(), dataDir }, { accounts }), uploads: { worker: { enabled: false } } });
      const [row] = await server.app.db.query<{ id: number }>(`INSERT INTO content_categories (name) VALUES ('队列测试') RETURNING id`);
      category = Number(row.id);
      ({ client } = await registeredClient(server.base));
    });

    const workerEnv = () => ({
      NODE_ENV: 'test',
      DATABASE_URL: db.options().databaseUrl!,
      DATA_DIR: dataDir,
      REDIS_URL: redis.url() ?? '',
      REDIS_KEY_PREFIX: prefix,
      CONVERT_LEASE_MS: '3000',
      CONVERT_POLL_MS: '200',
      CONVERT_CONCURRENCY: '1',
      TEST_CONVERT_MS: '400',
      API_LOG_LEVEL: 'error',
    });

    /** The job row a worker holds now (running, its lease), if any. */
    const heldBy = async (w: WorkerChild) =>
      (await server.app.db.query<{ id: number }>(`SELECT id FROM conversion_jobs WHERE state = 'running' AND locked_by = $1`, [w.id]))[0];
    const jobRows = () => server.app.db.query<{ id: number; state: string; attempts: number; locked_by: string | null }>('SELECT id, state, attempts, locked_by FROM conversion_jobs ORDER BY id');

    async function upload20(): Promise<number[]> {
      const ids: number[] = [];
      for (let i = 0; i < JOBS; i++) {
        const upload = await uploadFile(client, `w${i}.txt`, Buffer.from(`第${i}份队列测试文档。`.repeat(30)));
        const created = await createDoc(client, upload, category, { title: `队列测试${i}` });
        expect(created.status).toBe(201);
        ids.push(created.body.id as number);
      }
      return ids;
    }

    test('every job still ends converted, and both workers did some of the work', async () => {
      const [a, b] = [startWorker(workerEnv()), startWorker(workerEnv())];
      workers.push(a, b);
      await eventually(async () => a.id && b.id, 'both workers to start', 90_000);
      const ids = await upload20();

      // a has finished a job and holds another one: killed there, without a chance to let go of it
      const held = await eventually(async () => a.started.length >= 2 && (await heldBy(a)), 'worker a to hold its second job', 60_000).catch(async (err) => {
        console.error('a', a.started, 'b', b.started, await jobRows());
        throw err;
      });
      a.child.kill('SIGKILL');
      expect(await a.exited).toBeNull();

      // the document is stored a moment before its job row is finished: both are waited for
      await eventually(async () => {
        const rows = await server.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM documents WHERE id = ANY($1::bigint[]) AND status = 0 AND pages = 1`, [ids]);
        return rows[0].n === JOBS && (await jobRows()).every((r) => r.state === 'done');
      }, 'every document to be converted and every job done', 55_000); // before the minute's resync could hide a lost job

      // the job a died in was taken again (BullMQ's stalled check, or its lease ran out) and converted by b
      expect((await jobRows()).find((r) => Number(r.id) === Number(held.id))).toMatchObject({ state: 'done', attempts: 2 });
      expect(b.started).toContain(`job-${held.id}-2`);
      // both did some of the work: a finished what it started before the job it died in, b the rest
      const doneByA = new Set(a.started.map(jobNumber).filter((id) => id !== Number(held.id)));
      const doneByB = new Set(b.started.map(jobNumber));
      expect(doneByA.size).toBeGreaterThanOrEqual(1);
      expect(doneByB.size).toBeGreaterThanOrEqual(1);
      expect(new Set([...doneByA, ...doneByB]).size).toBe(JOBS);
      expect((await jobRows()).length).toBe(JOBS);

      // SIGTERM: b stops cleanly
      b.child.kill('SIGTERM');
      expect(await b.exited).toBe(0);
    }, 300_000);
  });
}
