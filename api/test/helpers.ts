import path from 'node:path';
import { Client } from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildServer, type ServerOptions } from '../src/server';

export type EngineName = 'pglite' | 'postgres';

/**
 * The engines every suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
 * REQUIRE_POSTGRES=1 without TEST_DATABASE_URL is a configuration error (CI must not silently skip it).
 */
export function engines(): EngineName[] {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.REQUIRE_POSTGRES === '1' && !url) {
    throw new Error(
      'REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set: set it to a superuser URL of a PostgreSQL server on ' +
        'loopback, e.g. postgres://postgres@127.0.0.1:55432/postgres',
    );
  }
  return url ? ['pglite', 'postgres'] : ['pglite'];
}

function adminUrl(): URL {
  const raw = process.env.TEST_DATABASE_URL;
  if (!raw) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const socket = url.searchParams.get('host');
  const loopback =
    host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host) || (!host && !!socket?.startsWith('/'));
  // the suite creates and drops databases: never let it loose on a shared server
  if (!loopback) throw new Error(`TEST_DATABASE_URL must point to a loopback server, got host "${url.hostname}"`);
  return url;
}

/** A fresh database on the TEST_DATABASE_URL server; `drop` removes it (closing leftover connections). */
export async function createTestDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = adminUrl();
  const name = `api_test_${label.toLowerCase().replace(/[^a-z0-9]+/g, '_').slice(0, 30)}_${process.pid}_${Date.now().toString(36)}`;
  const run = async (sql: string): Promise<void> => {
    const client = new Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/**
 * Call inside a describe block: gives each test file a database of its own for `engine` (a fresh
 * PostgreSQL database, dropped afterwards; for PGlite nothing: every server gets its own in-memory one).
 */
export function useEngine(engine: EngineName, label: string): { options: () => ServerOptions } {
  let options: ServerOptions = {};
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (engine === 'postgres') {
      const db = await createTestDatabase(`${path.basename(label, '.test.ts')}`);
      options = { databaseUrl: db.url };
      drop = db.drop;
    }
  });
  afterAll(async () => {
    await drop?.();
  });
  return { options: () => ({ ...options }) };
}

export interface TestServer {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  base: string;
  close: () => Promise<void>;
}

/** buildServer + listen on 127.0.0.1, port 0. `configure` may add test-only routes before listening. */
export async function startServer(
  options: ServerOptions,
  configure?: (app: FastifyInstance) => void,
): Promise<TestServer> {
  const app = await buildServer({ logger: false, ...options });
  configure?.(app);
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (err) {
    await app.close();
    throw err;
  }
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return { app, base: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

export interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: any;
}

export async function call(base: string, pathAndQuery: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(base + pathAndQuery, init);
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, headers: res.headers, body: type.includes('json') && text ? JSON.parse(text) : text };
}

export function postJson(base: string, pathAndQuery: string, body: unknown): Promise<Answer> {
  return call(base, pathAndQuery, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const HAN = /[\u4e00-\u9fff]/;

/** The error body convention: a Chinese message and a machine code. */
export function expectErrorBody(answer: Answer, status: number, code: string): void {
  expect({ status: answer.status, code: answer.body?.code }).toEqual({ status, code });
  expect(typeof answer.body.message).toBe('string');
  expect(answer.body.message).toMatch(HAN);
}

export function isChinese(text: unknown): boolean {
  return typeof text === 'string' && HAN.test(text);
}

/** Polls until `check` holds (every 10 ms, for at most `ms`); answers the milliseconds it took (a NOTIFY, a batch). */
export async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - start;
}
