import http from 'node:http';
import JSEncrypt from 'jsencrypt';
import { loadConfig, TEST_DEV_ROUTES_TOKEN, type AccountsConfig } from '../src/core/config';
import type { ServerOptions } from '../src/server';
import { RATE_LIMIT_GROUPS, type Limit, type RateLimitGroup } from '../src/infra/security/rate-limit';
import { startServer, useEngine, type Answer, type EngineName, type TestServer } from './helpers';

/** A clock the test moves: expiries, caps and limits of the server follow it. */
export interface TestClock {
  now: () => Date;
  advance: (ms: number) => void;
}

export function testClock(start = Date.now()): TestClock {
  let t = start;
  return { now: () => new Date(t), advance: (ms) => (t += ms) };
}

/** Every group limited so high that only the tests about limits meet one. */
export function generousLimits(): Partial<Record<RateLimitGroup, Limit[]>> {
  return Object.fromEntries(
    Object.keys(RATE_LIMIT_GROUPS).map((g) => [g, [{ max: 100_000, windowMs: 60_000 }]]),
  ) as Partial<Record<RateLimitGroup, Limit[]>>;
}

/** Server options for account tests: test-mode config (simulators, dev outbox), a movable clock, high limits. */
export function accountOptions(
  base: ServerOptions,
  extra: { clock?: TestClock; accounts?: Partial<AccountsConfig>; limits?: 'generous' | 'real' } = {},
): ServerOptions {
  return {
    ...base,
    accounts: { ...loadConfig({ NODE_ENV: 'test' }), ...extra.accounts },
    now: extra.clock?.now,
    rateLimits: extra.limits === 'real' ? undefined : generousLimits(),
  };
}

/**
 * Call inside a describe block: a server with the account test settings on `engine` (a database of its own),
 * started before the block's tests and closed after them; its fields are there once the tests run.
 */
export function useAccountServer(engine: EngineName, label: string, extra: Parameters<typeof accountOptions>[1] = {}): TestServer {
  const db = useEngine(engine, label);
  const server = {} as TestServer;
  beforeAll(async () => {
    Object.assign(server, await startServer(accountOptions(db.options(), extra)));
  });
  afterAll(async () => {
    await server.close?.();
  });
  return server;
}

let phoneCounter = Math.floor(Math.random() * 1e6);

/** A mainland mobile number no other test of this run uses. */
export function newPhone(): string {
  phoneCounter = (phoneCounter + 7919) % 1e8;
  return `139${String(phoneCounter).padStart(8, '0')}`;
}

/**
 * An HTTP client with a cookie jar, which mirrors the csrftoken cookie into X-CSRFToken like the kernel's axios
 * client (unless told not to).
 */
export class Client {
  readonly cookies = new Map<string, string>();
  csrf = true;
  /** Extra headers for every request (X-Forwarded-For, User-Agent, X-Captcha-Token ...). */
  headers: Record<string, string> = {};

  constructor(readonly base: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const all: Record<string, string> = { ...this.headers, ...headers };
    // the dev-only routes ask for the test servers' token (src/infra/security/dev-routes.ts)
    if (path.startsWith('/api/dev/')) all['x-dev-token'] ??= TEST_DEV_ROUTES_TOKEN;
    if (this.cookies.size) all.cookie = this.cookieHeader();
    const csrf = this.cookies.get('csrftoken');
    if (this.csrf && csrf && !['GET', 'HEAD'].includes(method)) all['x-csrftoken'] = csrf;
    if (body !== undefined) all['content-type'] = 'application/json';
    const res = await fetch(this.base + path, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((p) => p.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const expired = attributes.some((a) => /^max-age=0$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, headers: res.headers, body: type.includes('json') && text ? JSON.parse(text) : text };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }
  post(path: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request('POST', path, body, headers);
  }
  patch(path: string, body: unknown, headers?: Record<string, string>) {
    return this.request('PATCH', path, body, headers);
  }
  put(path: string, body: unknown, headers?: Record<string, string>) {
    return this.request('PUT', path, body, headers);
  }
  delete(path: string, headers?: Record<string, string>) {
    return this.request('DELETE', path, undefined, headers);
  }
}

const keys = new Map<string, string>();

/** What the browser does: fetch the public key, encryptOAEP with jsencrypt (the real package). */
export async function encryptPassword(base: string, password: string, utf8 = true): Promise<string> {
  let pem = keys.get(base);
  if (!pem) {
    const res = await fetch(`${base}/api/public-key/`);
    pem = ((await res.json()) as { public_key: string }).public_key;
    keys.set(base, pem);
  }
  const rsa = new JSEncrypt();
  rsa.setPublicKey(pem);
  // jsencrypt takes one byte per character: the client hands it the UTF-8 bytes as a binary string
  const text = utf8 ? Buffer.from(password, 'utf8').toString('latin1') : password;
  const encrypted = rsa.encryptOAEP(text);
  if (typeof encrypted !== 'string') throw new Error('jsencrypt could not encrypt');
  return encrypted;
}

/** The newest code the SMS simulator delivered to a phone (through the dev outbox route). */
export async function lastSmsCode(base: string, mobile: string, countryCode = '86'): Promise<string> {
  const res = await fetch(`${base}/api/dev/outbox/?mobile=${encodeURIComponent(mobile)}&country_code=${countryCode}&limit=10`, {
    headers: { 'x-dev-token': TEST_DEV_ROUTES_TOKEN },
  });
  const body = (await res.json()) as { results: { code: string | null }[] };
  // security notices (no code) may have come since
  const code = body.results?.find((m) => m.code)?.code;
  if (!code) throw new Error(`no SMS for ${mobile}`);
  return code;
}

export async function lastMailCode(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/dev/outbox/?email=${encodeURIComponent(email)}&limit=10`, { headers: { 'x-dev-token': TEST_DEV_ROUTES_TOKEN } });
  const body = (await res.json()) as { results: { code: string | null }[] };
  const code = body.results?.find((m) => m.code)?.code;
  if (!code) throw new Error(`no mail for ${email}`);
  return code;
}

/** The messages (newest first) the simulators delivered to a phone or an address, codes and notices alike. */
export async function outbox(base: string, to: { mobile: string; countryCode?: string } | { email: string }): Promise<{ body: string; code: string | null }[]> {
  const query = 'email' in to ? `email=${encodeURIComponent(to.email)}` : `mobile=${to.mobile}&country_code=${to.countryCode ?? '86'}`;
  const res = await fetch(`${base}/api/dev/outbox/?${query}&limit=20`, { headers: { 'x-dev-token': TEST_DEV_ROUTES_TOKEN } });
  return ((await res.json()) as { results: { body: string; code: string | null }[] }).results;
}

/** A fresh proof of the owner for this session (POST /api/account-proof/ with the password). */
export async function proveByPassword(client: Client, password = PASSWORD): Promise<void> {
  const res = await client.post('/api/account-proof/', { password: await encryptPassword(client.base, password) });
  if (res.status !== 200) throw new Error(`proof refused: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Solves a rotate captcha through HTTP (the dev route tells the answer): the token of POST /api/captcha/check/. */
export async function solvedCaptchaToken(client: Client): Promise<string> {
  const issued = await client.post('/api/captcha/', { captchaType: 'rotate', clientUid: 'accounts-test' });
  const secret = await client.get(`/api/dev/captcha-answer/?id=${issued.body.captchaId}`);
  const checked = await client.post('/api/captcha/check/', { captchaType: 'rotate', verify_value: String(secret.body.answer.angle), id: issued.body.captchaId });
  if (typeof checked.body?.token !== 'string') throw new Error(`captcha not solved: ${checked.status} ${JSON.stringify(checked.body)}`);
  return checked.body.token;
}

/**
 * Sends a code and reads it from the outbox. A 429 (a phone sent a code in the last hour asks anybody but its
 * owner for a captcha) is solved and retried once with the token, as the browser's security check does.
 */
export async function smsCode(client: Client, mobile: string, reason: string, countryCode = '86'): Promise<string> {
  const body = { mobile, reason, country_code: countryCode };
  let sent = await client.post('/api/codes/', body);
  if (sent.status === 429) sent = await client.post('/api/codes/', body, { 'x-captcha-token': await solvedCaptchaToken(client) });
  if (sent.status !== 200) throw new Error(`code not sent: ${sent.status} ${JSON.stringify(sent.body)}`);
  return lastSmsCode(client.base, mobile, countryCode);
}

export const PASSWORD = 'abc12345';

/** Registers (and so logs in) a new account through HTTP; answers the client and the phone. */
export async function registeredClient(
  base: string,
  options: { mobile?: string; password?: string; nickname?: string } = {},
): Promise<{ client: Client; mobile: string; uid: number }> {
  const client = new Client(base);
  const mobile = options.mobile ?? newPhone();
  const code = await smsCode(client, mobile, 'REGISTER');
  const res = await client.post('/api/users/', {
    username: mobile,
    password: await encryptPassword(base, options.password ?? PASSWORD),
    code,
    platform: 3,
    ...(options.nickname ? { nickname: options.nickname } : {}),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, mobile, uid: res.body.uid };
}

/** Logs a new client in by password. */
export async function passwordLogin(base: string, mobile: string, password = PASSWORD): Promise<{ client: Client; answer: Answer }> {
  const client = new Client(base);
  const answer = await client.post('/api/token/', {
    username: mobile,
    password: await encryptPassword(base, password),
    login_type: 1,
    platform: 3,
  });
  return { client, answer };
}

/** Headers a client forges to make the API believe it is reached under another host (fetch cannot set Host). */
export const FORGED_HOST = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.66' };

/** A request through node:http, so that `headers` may carry a Host of the caller's choosing. */
export function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; json: () => any }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body.toString('utf8')) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
