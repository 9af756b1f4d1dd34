import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/core/config';
import {
  accountOptions,
  Client,
  encryptPassword,
  lastSmsCode,
  newPhone,
  registeredClient,
  smsCode,
  solvedCaptchaToken,
  testClock,
  useAccountServer,
} from './accounts-helpers';
import { engines, expectErrorBody, startServer, useEngine, type TestServer } from './helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** POST /api/codes/ as the browser sends it: a 429 (the captcha flow) is solved and retried once with the token. */
async function sendSolving(client: Client, body: Record<string, string>) {
  const first = await client.post('/api/codes/', body);
  if (first.status !== 429) return first;
  return client.post('/api/codes/', body, { 'x-captcha-token': await solvedCaptchaToken(client) });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = process.hrtime.bigint();
  const result = await fn();
  return [result, Number(process.hrtime.bigint() - start) / 1e6];
}

describe.each(engines())('SMS codes on %s', (engine) => {
  const clock = testClock();
  const server = useAccountServer(engine, __filename, { clock });

  const loginWith = (mobile: string, code: string) => new Client(server.base).post('/api/login-code/', { mobile, code });

  test('6 digits from the outbox; only an HMAC is stored; the answer tells the cooldown and lifetime', async () => {
    const mobile = newPhone();
    const res = await new Client(server.base).post('/api/codes/', { mobile, reason: 'LOGIN', country_code: '86' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: '验证码已发送', resend_after: 60, expire_in: 300 });
    const code = await lastSmsCode(server.base, mobile);
    expect(code).toMatch(/^[0-9]{6}$/);
    const rows = await server.app.db.query<{ code_hash: string; reason: string }>(
      'SELECT code_hash, reason FROM verification_codes WHERE target = $1',
      [`86:${mobile}`],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].reason).toBe('LOGIN');
    expect(rows[0].code_hash).not.toContain(code);
    expect(Buffer.from(rows[0].code_hash, 'base64')).toHaveLength(32);
    const outbox = await new Client(server.base).get(`/api/dev/outbox/?mobile=${mobile}`);
    expect(outbox.body.results[0].body).toContain(code);
  });

  test('a code lives 5 minutes', async () => {
    const mobile = newPhone();
    const code = await smsCode(new Client(server.base), mobile, 'LOGIN');
    clock.advance(5 * MINUTE + 1000);
    expectErrorBody(await loginWith(mobile, code), 400, 'invalid');
    const fresh = newPhone();
    const code2 = await smsCode(new Client(server.base), fresh, 'LOGIN');
    clock.advance(4 * MINUTE);
    expect((await loginWith(fresh, code2)).status).toBe(200);
  });

  test('works once; 5 wrong tries and it is gone, even the right code afterwards', async () => {
    const mobile = newPhone();
    const code = await smsCode(new Client(server.base), mobile, 'LOGIN');
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 4; i += 1) expectErrorBody(await loginWith(mobile, wrong), 400, 'invalid');
    expect((await loginWith(mobile, code)).status).toBe(200); // 4 wrong, then right: fine
    expectErrorBody(await loginWith(mobile, code), 400, 'invalid'); // used

    const other = newPhone();
    const code2 = await smsCode(new Client(server.base), other, 'LOGIN');
    const wrong2 = code2 === '111111' ? '222222' : '111111';
    const tries = await Promise.all(Array.from({ length: 5 }, () => loginWith(other, wrong2)));
    expect(tries.every((t) => t.status === 400)).toBe(true);
    const late = await loginWith(other, code2);
    expectErrorBody(late, 400, 'invalid');
    expect(late.body.errors.code).toEqual(['验证码错误或已过期']);
  });

  test('bound to the phone and the reason; a newer code replaces the older one', async () => {
    const a = newPhone();
    const b = newPhone();
    const codeA = await smsCode(new Client(server.base), a, 'REGISTER');
    expectErrorBody(await loginWith(a, codeA), 400, 'invalid'); // REGISTER code, LOGIN use
    expectErrorBody(await loginWith(b, codeA), 400, 'invalid'); // other phone
    const first = await smsCode(new Client(server.base), b, 'LOGIN');
    clock.advance(61_000);
    const second = await smsCode(new Client(server.base), b, 'LOGIN');
    if (first !== second) expectErrorBody(await loginWith(b, first), 400, 'invalid');
    expect((await loginWith(b, second)).status).toBe(200);
  });

  test('resend after 60 s: 400 (not 429: no captcha lifts it) with Retry-After and a Chinese message', async () => {
    const mobile = newPhone();
    const client = new Client(server.base);
    await smsCode(client, mobile, 'LOGIN');
    clock.advance(20_000);
    const token = await server.app.captchaTokens.issue('127.0.0.1');
    const early = await client.post('/api/codes/', { mobile, reason: 'FIND_PWD' }, { 'x-captcha-token': token });
    expectErrorBody(early, 400, 'code_too_frequent');
    expect(early.headers.get('retry-after')).toBe('40');
    expect(early.body.retry_after).toBe(40);
    expect(early.body.message).toBe('验证码发送过于频繁，请在40秒后重试');
    clock.advance(40_000);
    // the refused request did not spend the token: it lifts the second send's captcha (below)
    expect((await client.post('/api/codes/', { mobile, reason: 'FIND_PWD' }, { 'x-captcha-token': token })).status).toBe(200);
  });

  test('at most 5 an hour and 10 a day per phone, whatever the reason', async () => {
    const mobile = newPhone();
    const client = new Client(server.base);
    const reasons = ['REGISTER', 'LOGIN', 'FIND_PWD', 'TRD_ACTIVE', 'LOGIN'];
    for (const reason of reasons) {
      expect((await sendSolving(client, { mobile, reason })).status).toBe(200);
      clock.advance(61_000);
    }
    const hourly = await client.post('/api/codes/', { mobile, reason: 'LOGIN' });
    // 400, not 429: a 429 opens the security check in the browser, and a solved captcha cannot lift this cap
    expectErrorBody(hourly, 400, 'sms_quota_exceeded');
    expect(hourly.body.message).toBe('该手机号获取验证码次数过多，请一小时后再试');
    expect(hourly.body.period).toBe('hour');
    const token = await server.app.captchaTokens.issue('127.0.0.1');
    expectErrorBody(await client.post('/api/codes/', { mobile, reason: 'LOGIN' }, { 'x-captcha-token': token }), 400, 'sms_quota_exceeded');
    const wait = Number(hourly.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(50 * 60);
    expect(wait).toBeLessThanOrEqual(HOUR / 1000);
    clock.advance(wait * 1000);
    for (let i = 0; i < 5; i += 1) {
      expect((await sendSolving(client, { mobile, reason: 'LOGIN' })).status).toBe(200);
      clock.advance(61_000);
    }
    clock.advance(HOUR);
    const daily = await client.post('/api/codes/', { mobile, reason: 'LOGIN' }, { 'x-captcha-token': await solvedCaptchaToken(client) });
    expectErrorBody(daily, 400, 'sms_quota_exceeded');
    expect(daily.body.message).toBe('该手机号今日获取验证码次数已达上限，请明天再试');
    expect(daily.body.period).toBe('day');
    expect(Number(daily.headers.get('retry-after'))).toBeGreaterThan(20 * 3600);
    // another phone is not affected
    expect((await client.post('/api/codes/', { mobile: newPhone(), reason: 'LOGIN' })).status).toBe(200);
  });

  test('enumeration: same answers for a registered and an unknown phone, for every reason', async () => {
    const { mobile: known } = await registeredClient(server.base);
    clock.advance(HOUR); // the registration's code no longer asks for a captcha
    for (const reason of ['REGISTER', 'LOGIN', 'FIND_PWD', 'TRD_ACTIVE']) {
      const unknown = newPhone();
      const a = await new Client(server.base).post('/api/codes/', { mobile: known, reason });
      const b = await new Client(server.base).post('/api/codes/', { mobile: unknown, reason });
      expect({ status: a.status, body: a.body }).toEqual({ status: b.status, body: b.body });
      expect(a.status).toBe(200);
      clock.advance(61_000);
      // the next code to either needs a solved captcha, alike
      const again = [await new Client(server.base).post('/api/codes/', { mobile: known, reason }), await new Client(server.base).post('/api/codes/', { mobile: unknown, reason })];
      expect(again.map((r) => ({ status: r.status, body: r.body }))).toEqual([{ status: 429, body: again[1].body }, { status: 429, body: again[0].body }]);
      clock.advance(HOUR);
    }
  });

  test('after the first code to a phone in an hour, anybody else needs a solved captcha: 429 of the captcha flow, then sent with the token', async () => {
    const mobile = newPhone();
    const client = new Client(server.base);
    expect((await client.post('/api/codes/', { mobile, reason: 'LOGIN' })).status).toBe(200);
    clock.advance(61_000);
    // another browser, or the same: the second send within the hour
    const second = await new Client(server.base).post('/api/codes/', { mobile, reason: 'REGISTER' });
    expectErrorBody(second, 429, 'sms_captcha_required');
    expect(second.body.message).toBe('该手机号近期已获取过验证码，请完成安全验证后重试');
    // the shape of every 429: Retry-After and retry_after (here: until the hour's first send is an hour old)
    expect(second.headers.get('retry-after')).toBe(String(HOUR / 1000 - 61));
    expect(second.body.retry_after).toBe(HOUR / 1000 - 61);
    expect(await lastSmsCode(server.base, mobile)).toBeTruthy();
    const sentBefore = (await new Client(server.base).get(`/api/dev/outbox/?mobile=${mobile}`)).body.results.length;
    expect(sentBefore).toBe(1);
    // retried with a solved captcha (POST /api/captcha/check/'s token): sent; the token is spent
    const token = await solvedCaptchaToken(client);
    const solved = await client.post('/api/codes/', { mobile, reason: 'REGISTER' }, { 'x-captcha-token': token });
    expect(solved.status).toBe(200);
    expect(solved.body).toEqual({ detail: '验证码已发送', resend_after: 60, expire_in: 300 });
    expect((await new Client(server.base).get(`/api/dev/outbox/?mobile=${mobile}`)).body.results).toHaveLength(2);
    clock.advance(61_000);
    expectErrorBody(await client.post('/api/codes/', { mobile, reason: 'REGISTER' }, { 'x-captcha-token': token }), 429, 'sms_captcha_required');
    expectErrorBody(await client.post('/api/codes/', { mobile, reason: 'REGISTER' }, { 'x-captcha-token': 'A'.repeat(32) }), 429, 'sms_captcha_required');
    // once the hour's sends are an hour old, the first code is free again
    clock.advance(HOUR);
    expect((await client.post('/api/codes/', { mobile, reason: 'LOGIN' })).status).toBe(200);
  });

  test('a stranger who used up the phone\'s hourly sends does not lock its owner out; the caps still hold for the stranger', async () => {
    const owner = await registeredClient(server.base); // its REGISTER code was a stranger's send (nobody logged in)
    const mobile = owner.mobile;
    const stranger = new Client(server.base);
    const someoneElse = (await registeredClient(server.base)).client; // logged in, but to another phone's account
    clock.advance(61_000);
    for (let i = 0; i < 4; i += 1) {
      expect((await sendSolving(stranger, { mobile, reason: 'LOGIN' })).status).toBe(200);
      clock.advance(61_000);
    }
    const capped = await stranger.post('/api/codes/', { mobile, reason: 'FIND_PWD' }, { 'x-captcha-token': await solvedCaptchaToken(stranger) });
    expectErrorBody(capped, 400, 'sms_quota_exceeded');
    expect(capped.body.period).toBe('hour');
    expectErrorBody(await someoneElse.post('/api/codes/', { mobile, reason: 'LOGIN' }, { 'x-captcha-token': await solvedCaptchaToken(someoneElse) }), 400, 'sms_quota_exceeded');

    // the owner, logged in: no captcha, and the code works (mobile/check proves the phone with it)
    const sent = await owner.client.post('/api/codes/', { mobile, reason: 'LOGIN' });
    expect(sent.status).toBe(200);
    const code = await lastSmsCode(server.base, mobile);
    expect((await owner.client.post('/api/mobile/check/', { code })).status).toBe(200);
    // the owner's own sends have their own cooldown and caps: 5 an hour
    expectErrorBody(await owner.client.post('/api/codes/', { mobile, reason: 'LOGIN' }), 400, 'code_too_frequent');
    for (let i = 0; i < 4; i += 1) {
      clock.advance(61_000);
      expect((await owner.client.post('/api/codes/', { mobile, reason: 'LOGIN' })).status).toBe(200);
    }
    clock.advance(61_000);
    expectErrorBody(await owner.client.post('/api/codes/', { mobile, reason: 'LOGIN' }), 400, 'sms_quota_exceeded');
    // and the stranger is still capped
    expectErrorBody(await stranger.post('/api/codes/', { mobile, reason: 'LOGIN' }, { 'x-captcha-token': await solvedCaptchaToken(stranger) }), 400, 'sms_quota_exceeded');
  });

  test('a logged-out owner proves the phone with a code it received earlier in the hour (proof): the cap strangers filled does not hold them, a wrong proof does', async () => {
    const mobile = newPhone();
    const stranger = new Client(server.base);
    expect((await stranger.post('/api/codes/', { mobile, reason: 'LOGIN' })).status).toBe(200);
    const earlier = await lastSmsCode(server.base, mobile); // the owner's phone received it
    for (let i = 0; i < 4; i += 1) {
      clock.advance(61_000);
      expect((await sendSolving(stranger, { mobile, reason: 'LOGIN' })).status).toBe(200);
    }
    clock.advance(10 * MINUTE); // every code the stranger had sent has expired
    const owner = new Client(server.base);
    const token = () => server.app.captchaTokens.issue('127.0.0.1'); // as POST /api/captcha/check/ issues them
    expectErrorBody(await owner.post('/api/codes/', { mobile, reason: 'FIND_PWD' }, { 'x-captcha-token': await token() }), 400, 'sms_quota_exceeded');
    // a wrong proof: 400 on the field, nothing sent, the stranger's cap stays
    const wrongCode = earlier === '111111' ? '222222' : '111111';
    const wrong = await owner.post('/api/codes/', { mobile, reason: 'FIND_PWD', proof: wrongCode }, { 'x-captcha-token': await token() });
    expectErrorBody(wrong, 400, 'invalid');
    expect(wrong.body.errors.proof).toEqual(['之前收到的验证码不正确或已超过一小时']);
    // every proof costs a solved captcha (guessing a code costs one a try)
    expectErrorBody(await owner.post('/api/codes/', { mobile, reason: 'FIND_PWD', proof: earlier }), 429, 'sms_captcha_required');
    expect((await new Client(server.base).get(`/api/dev/outbox/?mobile=${mobile}`)).body.results).toHaveLength(5);
    // the right earlier code (expired): sent, and the new code logs in
    expect((await owner.post('/api/codes/', { mobile, reason: 'LOGIN', proof: earlier }, { 'x-captcha-token': await token() })).status).toBe(200);
    expect((await new Client(server.base).get(`/api/dev/outbox/?mobile=${mobile}`)).body.results).toHaveLength(6);
    expect((await loginWith(mobile, await lastSmsCode(server.base, mobile))).status).toBe(200);
    // proven sends count against the owner's own caps (5 an hour): the bill stays bounded
    for (let i = 0; i < 4; i += 1) {
      clock.advance(61_000);
      expect((await owner.post('/api/codes/', { mobile, reason: 'LOGIN', proof: earlier }, { 'x-captcha-token': await token() })).status).toBe(200);
    }
    clock.advance(61_000);
    expectErrorBody(await owner.post('/api/codes/', { mobile, reason: 'LOGIN', proof: earlier }, { 'x-captcha-token': await token() }), 400, 'sms_quota_exceeded');
    // an hour after the earlier code was sent it proves nothing
    clock.advance(HOUR);
    const stale = await owner.post('/api/codes/', { mobile, reason: 'LOGIN', proof: earlier }, { 'x-captcha-token': await token() });
    expectErrorBody(stale, 400, 'invalid');
  });

  test('enumeration: password login takes as long and answers the same for a registered and an unknown phone', async () => {
    const { mobile: known } = await registeredClient(server.base);
    const password = await encryptPassword(server.base, 'wrong-guess1');
    const attempt = (username: string) =>
      timed(() => new Client(server.base).post('/api/token/', { username, password, login_type: 1 }));
    await attempt(newPhone()); // warm-up (the throw-away hash is made on first use)
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const [a, ta] = await attempt(known);
      const [b, tb] = await attempt(newPhone());
      expect({ status: a.status, body: a.body }).toEqual({ status: b.status, body: b.body });
      knownTimes.push(ta);
      unknownTimes.push(tb);
    }
    const [mk, mu] = [median(knownTimes), median(unknownTimes)];
    // both run exactly one argon2id verification: the medians stay within a factor of 2 of each other (a
    // shortcut for unknown phones would be an order of magnitude faster)
    expect(Math.max(mk, mu) / Math.min(mk, mu)).toBeLessThan(2);
    // and each of them is an argon2id verification, not a shortcut
    expect(Math.min(mk, mu)).toBeGreaterThan(3);
  });
});

describe.each(engines())('SMS gateway failure on %s', (engine) => {
  const db = useEngine(engine, `${__filename}-gateway`);
  let gateway: Server;
  let server: TestServer;
  const received: string[] = [];
  beforeAll(async () => {
    // a stand-in for dysmsapi that refuses like Aliyun does under flow control
    gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push(body);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发小时级流控Permits:5', RequestId: 'X' }));
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    const config = loadConfig({ NODE_ENV: 'test' });
    const accounts = {
      ...config,
      sms: { ...config.sms, provider: 'real' as const, endpoint: `http://127.0.0.1:${port}/` },
    };
    server = await startServer({ ...accountOptions(db.options()), accounts });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => gateway?.close(resolve));
  });

  test('a refusal of the gateway is a 503 "验证码发送失败"; the real adapter sent a signed SendSms', async () => {
    const mobile = newPhone();
    const res = await new Client(server.base).post('/api/codes/', { mobile, reason: 'LOGIN' });
    expectErrorBody(res, 503, 'code_send_failed');
    expect(res.body.message).toBe('验证码发送失败，请稍后重试');
    const params = new URLSearchParams(received.at(-1));
    expect(params.get('Action')).toBe('SendSms');
    expect(params.get('PhoneNumbers')).toBe(mobile);
    expect(params.get('SignatureMethod')).toBe('HMAC-SHA1');
    expect(params.get('Signature')).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(JSON.parse(params.get('TemplateParam')!).code).toMatch(/^[0-9]{6}$/);
  });
});
