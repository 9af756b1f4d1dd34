import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

export type StoreKind = 'memory' | 'redis';

/** Debian's redis-server (package redis-server), or REDIS_SERVER. */
export const REDIS_BIN = [process.env.REDIS_SERVER, '/usr/bin/redis-server', '/usr/local/bin/redis-server'].find(
  (p): p is string => !!p && existsSync(p),
);

/**
 * The stores to test: memory always; Redis when TEST_REDIS_URL is set or redis-server is installed (each suite
 * then starts one of its own on a free loopback port and stops it afterwards). REQUIRE_REDIS=1 (CI) makes a
 * missing Redis an error instead of a silently smaller run.
 */
export function storeKinds(): StoreKind[] {
  if (process.env.TEST_REDIS_URL || REDIS_BIN) return ['memory', 'redis'];
  if (process.env.REQUIRE_REDIS === '1') {
    throw new Error(
      'REQUIRE_REDIS=1 but neither TEST_REDIS_URL nor redis-server is there: `apt-get install redis-server` ' +
        '(Debian), or set TEST_REDIS_URL to a Redis on loopback',
    );
  }
  return ['memory'];
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let prefixCounter = 0;

/** A key prefix no other server or store of this run uses (a shared TEST_REDIS_URL keeps suites apart). */
export function uniqueRedisPrefix(): string {
  prefixCounter += 1;
  return `test-${process.pid}-${Date.now().toString(36)}-${prefixCounter}:`;
}

/**
 * Call inside a describe block, before the hooks that start servers on it: for 'redis', a Redis for the suite:
 * TEST_REDIS_URL, or a redis-server child on a free loopback port without persistence, stopped by its pid after
 * the suite. `url()` is undefined for 'memory'. `client()` makes an ioredis client that is closed before the
 * server stops (Jest runs afterAll hooks in the order they were declared, so this one comes first: a client
 * closed after the server has gone would keep reconnecting).
 */
export function useRedis(kind: StoreKind): { url: () => string | undefined; client: () => Redis } {
  let url: string | undefined;
  let child: ChildProcess | undefined;
  const clients: Redis[] = [];
  beforeAll(async () => {
    if (kind !== 'redis') return;
    if (process.env.TEST_REDIS_URL) {
      url = process.env.TEST_REDIS_URL;
      return;
    }
    const port = await freePort();
    child = spawn(REDIS_BIN!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    url = `redis://127.0.0.1:${port}`;
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => 100, maxRetriesPerRequest: 50 });
    await probe.connect().catch(() => undefined);
    await probe.ping();
    await probe.quit();
  });
  afterAll(async () => {
    await Promise.all(clients.splice(0).map((c) => c.quit().catch(() => c.disconnect())));
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      process.kill(child.pid, 'SIGTERM');
      await exited;
    }
  });
  return {
    url: () => url,
    client: () => {
      const c = new Redis(url!);
      clients.push(c);
      return c;
    },
  };
}
