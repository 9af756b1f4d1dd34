import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../src/server';
import { verifyLoginCaptcha } from '../src/modules/captcha';
import { call, engines, expectErrorBody, isChinese, postJson, startServer, useEngine, type Answer, type TestServer } from './helpers';

const ISSUE = '/api/captcha/';
const CHECK = '/api/captcha/check/';
const LOGIN = '/api/captcha/login/';
const TYPES = ['slide', 'click', 'drag', 'rotate'] as const;
type CaptchaType = (typeof TYPES)[number];

interface Row {
  kind: string;
  answer: any;
  create_time: Date;
  expire_time: Date;
}

/** The secret as the server stored it (the test reads the table; nothing in the API reveals it). */
async function secret(app: FastifyInstance, id: string): Promise<Row | undefined> {
  const rows = await app.db.query<Row>(
    'SELECT kind, answer, create_time, expire_time FROM captcha_challenges WHERE id = $1',
    [id],
  );
  return rows[0];
}

/** Width and height from a PNG's IHDR chunk, after checking the signature; then a full decode. */
async function pngSize(base64: unknown): Promise<[number, number]> {
  expect(typeof base64).toBe('string');
  const bytes = Buffer.from(base64 as string, 'base64');
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  const size: [number, number] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
  const image = await loadImage(bytes);
  expect([image.width, image.height]).toEqual(size);
  return size;
}

/** A right verify_value computed from the stored secret. */
function rightAnswer(type: CaptchaType, answer: any): string {
  switch (type) {
    case 'slide':
      return `${answer.x},5`;
    case 'drag':
      return `${answer.x},${answer.y}`;
    case 'rotate':
      return String(answer.angle);
    case 'click':
      return answer.points.map((p: { x: number; y: number }) => `${p.x},${p.y}`).join(',');
  }
}

/**
 * The minute counters of the 6201 limit are fixed windows: a burst that straddles a minute boundary would be
 * split in two. Waits (at most 12 s) until the database clock is at least 12 s away from the next minute.
 */
async function awayFromMinuteEdge(app: FastifyInstance): Promise<void> {
  const [{ s }] = await app.db.query<{ s: number }>("SELECT extract(second FROM now())::float8 AS s");
  if (s > 48) await new Promise((resolve) => setTimeout(resolve, (60 - s + 0.5) * 1000));
}

describe.each(engines())('captcha on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;
  const savedEnv = { ...process.env };

  const issue = (body: unknown): Promise<Answer> => postJson(server.base, ISSUE, body);
  const check = (body: unknown): Promise<Answer> => postJson(server.base, CHECK, body);
  /** Issues a challenge of `type` and returns the answer with its stored secret. */
  const challenge = async (type: CaptchaType) => {
    const res = await issue({ captchaType: type, clientUid: `t-${type}`, ts: Date.now() });
    expect(res.status).toBe(200);
    expect(res.body.repCode).toBe('0000');
    const row = await secret(server.app, res.body.captchaId);
    expect(row?.kind).toBe(type);
    return { res, id: res.body.captchaId as string, answer: row!.answer };
  };

  beforeAll(async () => {
    // the per-IP limit is tested on a server of its own below; here every request comes from 127.0.0.1
    process.env.CAPTCHA_LIMIT_PER_IP = '100000';
    server = await startServer(db.options());
  });
  afterAll(async () => {
    await server?.close();
    process.env = savedEnv;
  });

  describe('issuing', () => {
    test('slide: a 310x155 picture with the hole and a 50x155 strip with the piece', async () => {
      const { res, id, answer } = await challenge('slide');
      expect(Object.keys(res.body).sort()).toEqual(['captchaId', 'captchaType', 'data', 'expiresIn', 'repCode', 'repMsg']);
      expect(res.body).toMatchObject({ captchaType: 'slide', expiresIn: 120, repMsg: '成功' });
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Object.keys(res.body.data).sort()).toEqual(['height', 'jigsawImageBase64', 'originalImageBase64', 'width']);
      expect(await pngSize(res.body.data.originalImageBase64)).toEqual([310, 155]);
      expect(await pngSize(res.body.data.jigsawImageBase64)).toEqual([50, 155]);
      expect([res.body.data.width, res.body.data.height]).toEqual([310, 155]);
      expect(answer.x).toBeGreaterThanOrEqual(50);
      expect(answer.x).toBeLessThanOrEqual(310 - 50);

      // the strip is transparent except for a piece at most 50 px tall
      const strip = await loadImage(Buffer.from(res.body.data.jigsawImageBase64, 'base64'));
      const canvas = createCanvas(50, 155);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(strip, 0, 0);
      const alpha = ctx.getImageData(0, 0, 50, 155).data.filter((_, i) => i % 4 === 3);
      const rows = [...Array(155).keys()].filter((y) => alpha.slice(y * 50, y * 50 + 50).some((a) => a > 128));
      expect(rows.length).toBeGreaterThan(35);
      expect(rows[rows.length - 1] - rows[0]).toBeLessThan(50);
    });

    test('click: a 300x220 picture with the characters and a 150x40 strip of the three to click', async () => {
      const { res, answer } = await challenge('click');
      expect(Object.keys(res.body.data).sort()).toEqual(['count', 'height', 'image_base64', 'thumb_base64', 'width']);
      expect(await pngSize(res.body.data.image_base64)).toEqual([300, 220]);
      expect(await pngSize(res.body.data.thumb_base64)).toEqual([150, 40]);
      expect(res.body.data.count).toBe(3);
      expect(answer.points).toHaveLength(3);
      for (const p of answer.points) {
        expect(p.x).toBeGreaterThan(0);
        expect(p.x).toBeLessThan(300);
        expect(p.y).toBeGreaterThan(0);
        expect(p.y).toBeLessThan(220);
      }
    });

    test('drag: a 300x220 picture with the hole, a 50x50 tile and where the tile starts', async () => {
      const { res, answer } = await challenge('drag');
      const { data } = res.body;
      expect(await pngSize(data.image_base64)).toEqual([300, 220]);
      expect(await pngSize(data.thumb_base64)).toEqual([50, 50]);
      expect(data).toMatchObject({ width: 300, height: 220, tile_width: 50, tile_height: 50 });
      expect(answer.x - data.tile_x).toBeGreaterThanOrEqual(60);
    });

    test('rotate: a round 200x200 picture, turned', async () => {
      const { res, answer } = await challenge('rotate');
      expect(Object.keys(res.body.data).sort()).toEqual(['height', 'image_base64', 'width']);
      expect(await pngSize(res.body.data.image_base64)).toEqual([200, 200]);
      expect(answer.angle).toBeGreaterThanOrEqual(30);
      expect(answer.angle).toBeLessThanOrEqual(330);
    });

    test('the secret stays on the server and lives 120 s', async () => {
      for (const type of TYPES) {
        const { res, answer, id } = await challenge(type);
        const text = JSON.stringify(res.body);
        expect(text).not.toContain('"answer"');
        expect(text).not.toContain('"points"');
        const row = await secret(server.app, id);
        expect(row!.expire_time.getTime() - row!.create_time.getTime()).toBe(120_000);
        expect(answer).toBeTruthy();
      }
    });

    test('without a body (SPEC §7) or with an empty object the server picks the type', async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 12; i += 1) {
        const res = i % 2 ? await call(server.base, ISSUE, { method: 'POST' }) : await issue({});
        expect(res.status).toBe(200);
        expect(res.body.repCode).toBe('0000');
        expect(TYPES).toContain(res.body.captchaType);
        expect((await secret(server.app, res.body.captchaId))?.kind).toBe(res.body.captchaType);
        seen.add(res.body.captchaType);
      }
      expect(seen.size).toBeGreaterThan(1);
    });

    test.each([
      [{ captchaType: 'puzzle' }, 'captchaType'],
      [{ captchaType: 1 }, 'captchaType'],
      [{ clientUid: '' }, 'clientUid'],
      [{ clientUid: 'a'.repeat(65) }, 'clientUid'],
      [{ clientUid: '<script>' }, 'clientUid'],
      [{ ts: 'yesterday' }, 'ts'],
      [{ ts: -1 }, 'ts'],
    ])('a bad field answers 400 in Chinese: %j', async (body, field) => {
      const res = await issue(body);
      expectErrorBody(res, 400, 'invalid');
      expect(Object.keys(res.body.errors)).toEqual([field]);
      expect(isChinese(res.body.errors[field][0])).toBe(true);
      expect(JSON.stringify(res.body)).not.toContain('script');
    });

    test('a body that is not an object answers 400; JSON with an empty body is a parse error', async () => {
      expectErrorBody(await issue([1]), 400, 'invalid');
      expectErrorBody(await issue('slide'), 400, 'invalid');
      const empty = await call(server.base, ISSUE, { method: 'POST', headers: { 'content-type': 'application/json' } });
      expectErrorBody(empty, 400, 'parse_error');
    });
  });

  describe('answering', () => {
    test.each(TYPES)('%s: the right answer yields a token the rate limiter accepts once', async (type) => {
      const { id, answer } = await challenge(type);
      const res = await check({ captchaType: type, verify_value: rightAnswer(type, answer), id });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ repCode: '0000', repMsg: '验证成功', token: expect.any(String), expiresIn: 120 });
      // bound to the address that answered (this process: 127.0.0.1)
      expect(await server.app.captchaTokens.consume(res.body.token, '127.0.0.2')).toBe(false);
      expect(await server.app.captchaTokens.consume(res.body.token, '127.0.0.1')).toBe(true);
      expect(await server.app.captchaTokens.consume(res.body.token, '127.0.0.1')).toBe(false);
      expect(await secret(server.app, id)).toBeUndefined();
    });

    test.each([
      ['slide', (a: any) => `${a.x + 4.5},5`],
      ['slide', (a: any) => `${a.x - 5},5`],
      ['slide', (a: any) => JSON.stringify({ x: a.x + 3, y: 5 })],
      ['slide', (a: any) => ({ x: a.x - 2, y: 5 })],
      ['drag', (a: any) => `${a.x + 5},${a.y - 5}`],
      ['drag', (a: any) => ({ x: a.x - 8, y: a.y })],
      ['rotate', (a: any) => String((a.angle + 8) % 360)],
      ['rotate', (a: any) => String((a.angle + 352.5) % 360)],
      ['click', (a: any) => a.points.map((p: any) => `${p.x + p.r - 1},${p.y - p.r + 1}`).join(', ')],
    ] as const)('%s: an answer within the tolerance is right (%#)', async (type, make) => {
      const { id, answer } = await challenge(type);
      const res = await check({ captchaType: type, verify_value: make(answer), id });
      expect(res.status).toBe(200);
      expect(typeof res.body.token).toBe('string');
    });

    test.each([
      ['slide', (a: any) => `${a.x + 6},5`],
      ['slide', (a: any) => `${a.x - 5.5},5`],
      ['slide', (a: any) => `${a.x},6`],
      ['slide', (a: any) => `${a.x}`],
      ['slide', (a: any) => `${a.x},5,0`],
      ['slide', () => 'abc'],
      ['slide', () => '{"x":"1"'],
      ['drag', (a: any) => `${a.x + 6},${a.y + 6}`],
      ['drag', (a: any) => `${a.x},${a.y + 9}`],
      ['rotate', (a: any) => String((a.angle + 9) % 360)],
      ['rotate', (a: any) => String((a.angle + 180) % 360)],
      ['rotate', () => '361'],
      ['rotate', () => '-0.5'],
      ['click', (a: any) => [...a.points].reverse().map((p: any) => `${p.x},${p.y}`).join(',')],
      ['click', (a: any) => a.points.slice(0, 2).map((p: any) => `${p.x},${p.y}`).join(',')],
      ['click', (a: any) => a.points.map((p: any, i: number) => `${p.x + (i === 1 ? p.r + 1 : 0)},${p.y}`).join(',')],
      ['click', () => '1e2,1e2,1e2,1e2,1e2,1e2'],
    ] as const)('%s: a wrong answer is refused and spends the challenge (%#)', async (type, make) => {
      const { id, answer } = await challenge(type);
      const res = await check({ captchaType: type, verify_value: make(answer), id });
      expectErrorBody(res, 400, 'captcha_wrong');
      expect(res.body).toEqual({ repCode: '6111', message: '验证失败，请重试', code: 'captcha_wrong' });
      // the right answer now comes too late
      const again = await check({ captchaType: type, verify_value: rightAnswer(type, answer), id });
      expectErrorBody(again, 400, 'captcha_expired');
      expect(again.body.repCode).toBe('6110');
    });

    test('the right answer under another captchaType is wrong', async () => {
      const { id, answer } = await challenge('slide');
      const res = await check({ captchaType: 'drag', verify_value: `${answer.x},5`, id });
      expectErrorBody(res, 400, 'captcha_wrong');
    });

    test('a challenge answers once: the same right answer again is refused', async () => {
      const { id, answer } = await challenge('click');
      const body = { captchaType: 'click', verify_value: rightAnswer('click', answer), id };
      expect((await check(body)).status).toBe(200);
      const again = await check(body);
      expectErrorBody(again, 400, 'captcha_expired');
      expect(again.body.message).toBe('验证码已失效，请重新获取');
    });

    test('two answers at the same moment: exactly one is accepted', async () => {
      const { id, answer } = await challenge('rotate');
      const body = { captchaType: 'rotate', verify_value: rightAnswer('rotate', answer), id };
      const answers = await Promise.all([check(body), check(body), check(body)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    });

    test('an expired challenge is refused even with the right answer', async () => {
      const { id, answer } = await challenge('drag');
      await server.app.db.query(
        "UPDATE captcha_challenges SET expire_time = now() - interval '1 second' WHERE id = $1",
        [id],
      );
      const res = await check({ captchaType: 'drag', verify_value: rightAnswer('drag', answer), id });
      expectErrorBody(res, 400, 'captcha_expired');
    });

    test('an unknown id is refused; a login captcha key is not an image challenge', async () => {
      expectErrorBody(await check({ captchaType: 'slide', verify_value: '100,5', id: 'A'.repeat(22) }), 400, 'captcha_expired');
      const login = await call(server.base, LOGIN);
      const res = await check({ captchaType: 'slide', verify_value: '100,5', id: login.body.captcha_key });
      expectErrorBody(res, 400, 'captcha_expired');
      // and it was not spent by that
      expect((await secret(server.app, login.body.captcha_key))?.kind).toBe('login');
    });

    test.each([
      [{ verify_value: '1,5', id: 'abc' }, ['captchaType']],
      [{ captchaType: 'slide', id: 'abc' }, ['verify_value']],
      [{ captchaType: 'slide', verify_value: '1,5' }, ['id']],
      [{ captchaType: 'slide', verify_value: '', id: 'abc' }, ['verify_value']],
      [{ captchaType: 'slide', verify_value: 12, id: 'abc' }, ['verify_value']],
      [{ captchaType: 'slide', verify_value: 'x'.repeat(401), id: 'abc' }, ['verify_value']],
      [{ captchaType: 'slide', verify_value: '1,5', id: 'a/b' }, ['id']],
      [{ captchaType: 'slide', verify_value: '1,5', id: 'a'.repeat(65) }, ['id']],
      [{ captchaType: 'slide', verify_value: '1,5', id: 7 }, ['id']],
    ])('a malformed answer is 400 invalid with Chinese field errors: %j', async (body, fields) => {
      const res = await check(body);
      expectErrorBody(res, 400, 'invalid');
      expect(Object.keys(res.body.errors)).toEqual(fields);
      expect(isChinese(Object.values(res.body.errors as Record<string, string[]>)[0][0])).toBe(true);
    });
  });

  describe('too many images: repCode 6201', () => {
    test('the 31st image within a minute for one clientUid has no image; another client still gets one', async () => {
      await awayFromMinuteEdge(server.app);
      const uid = `burst-${engine}-${Date.now()}`;
      for (let i = 0; i < 30; i += 1) {
        const res = await issue({ captchaType: TYPES[i % 4], clientUid: uid, ts: Date.now() });
        expect({ i, repCode: res.body.repCode }).toEqual({ i, repCode: '0000' });
      }
      const limited = await issue({ captchaType: 'slide', clientUid: uid, ts: Date.now() });
      expect(limited.status).toBe(200);
      expect(limited.body).toEqual({ repCode: '6201', repMsg: '获取验证码过于频繁，请稍后再试' });
      // the login-form captcha counts against the same client
      const login = await call(server.base, `${LOGIN}?clientUid=${uid}`);
      expect(login.body).toEqual({ repCode: '6201', repMsg: '获取验证码过于频繁，请稍后再试' });
      const other = await issue({ captchaType: 'slide', clientUid: `${uid}-other` });
      expect(other.body.repCode).toBe('0000');
    });

    test('past minutes do not count', async () => {
      const uid = `old-${engine}`;
      await server.app.db.query(
        `INSERT INTO captcha_request_counts (scope, minute, n)
         VALUES ($1, floor(extract(epoch FROM now()) / 60)::bigint - 1, 1000)`,
        [`uid:${uid}`],
      );
      expect((await issue({ clientUid: uid })).body.repCode).toBe('0000');
    });
  });

  describe('login-form captcha', () => {
    const fetchLogin = async () => {
      const res = await call(server.base, LOGIN);
      expect(res.status).toBe(200);
      const [row] = await server.app.db.query<Row>(
        'SELECT kind, answer, create_time, expire_time FROM captcha_challenges WHERE id = $1',
        [res.body.captcha_key],
      );
      return { res, row, text: row.answer.text as string };
    };

    test('a 130x48 PNG of 4 characters, kept 5 minutes', async () => {
      const { res, row, text } = await fetchLogin();
      expect(Object.keys(res.body).sort()).toEqual(['captcha_image', 'captcha_key', 'expiresIn', 'repCode', 'repMsg']);
      expect(await pngSize(res.body.captcha_image)).toEqual([130, 48]);
      expect(row.kind).toBe('login');
      expect(text).toMatch(/^[A-HJKMNP-Z2-9]{4}$/);
      expect(row.expire_time.getTime() - row.create_time.getTime()).toBe(300_000);
      expect(JSON.stringify(res.body)).not.toContain(text);
    });

    test('verifyLoginCaptcha: right in any letter case, once', async () => {
      const { res, text } = await fetchLogin();
      expect(await verifyLoginCaptcha(server.app, res.body.captcha_key, ` ${text.toLowerCase()} `)).toBe(true);
      expect(await verifyLoginCaptcha(server.app, res.body.captcha_key, text)).toBe(false);
    });

    test('verifyLoginCaptcha: a wrong value is false and spends the captcha', async () => {
      const { res, text } = await fetchLogin();
      const wrong = text.slice(0, 3) + (text[3] === 'A' ? 'B' : 'A');
      expect(await verifyLoginCaptcha(server.app, res.body.captcha_key, wrong)).toBe(false);
      expect(await verifyLoginCaptcha(server.app, res.body.captcha_key, text)).toBe(false);
    });

    test('verifyLoginCaptcha: expired, unknown, malformed and image-challenge keys are false', async () => {
      const { res, text } = await fetchLogin();
      await server.app.db.query(
        "UPDATE captcha_challenges SET expire_time = now() - interval '1 second' WHERE id = $1",
        [res.body.captcha_key],
      );
      expect(await verifyLoginCaptcha(server.app, res.body.captcha_key, text)).toBe(false);
      expect(await verifyLoginCaptcha(server.app, 'B'.repeat(22), text)).toBe(false);
      expect(await verifyLoginCaptcha(server.app, "x' OR '1'='1", text)).toBe(false);
      expect(await verifyLoginCaptcha(server.app, '', '')).toBe(false);
      expect(await verifyLoginCaptcha(server.app, res.body.captcha_key, 'A'.repeat(100))).toBe(false);
      const { id } = await challenge('slide');
      expect(await verifyLoginCaptcha(server.app, id, '1234')).toBe(false);
      expect((await secret(server.app, id))?.kind).toBe('slide');
    });

    test('a bad clientUid query answers 400 in Chinese', async () => {
      expectErrorBody(await call(server.base, `${LOGIN}?clientUid=%3Cb%3E`), 400, 'invalid');
    });
  });

  describe('per-IP limit and start-up', () => {
    test('a server with CAPTCHA_LIMIT_PER_IP=3 answers 6201 to the 4th image from 127.0.0.1', async () => {
      process.env.CAPTCHA_LIMIT_PER_IP = '3';
      const limited = await startServer(db.options());
      process.env.CAPTCHA_LIMIT_PER_IP = '100000';
      try {
        await limited.app.db.query('DELETE FROM captcha_request_counts');
        await awayFromMinuteEdge(limited.app);
        const results = [
          await postJson(limited.base, ISSUE, { clientUid: 'ip-a' }),
          await postJson(limited.base, ISSUE, { clientUid: 'ip-b' }),
          await call(limited.base, LOGIN),
          await call(limited.base, ISSUE, { method: 'POST' }),
          await call(limited.base, LOGIN),
        ];
        expect(results.map((r) => r.body.repCode)).toEqual(['0000', '0000', '0000', '6201', '6201']);
        expect(results[3].body.data).toBeUndefined();
        expect(results[4].body.captcha_image).toBeUndefined();
      } finally {
        await limited.close();
      }
    });

    test('a CAPTCHA_FONT that does not exist stops the start-up with a Chinese message', async () => {
      process.env.CAPTCHA_FONT = '/nonexistent/font.ttf';
      try {
        await expect(buildServer(db.options())).rejects.toThrow(/验证码模块启动失败：CAPTCHA_FONT 指定的字体文件不存在/);
      } finally {
        delete process.env.CAPTCHA_FONT;
      }
    });

    test('a bad CAPTCHA_LIMIT_PER_CLIENT stops the start-up with a Chinese message', async () => {
      process.env.CAPTCHA_LIMIT_PER_CLIENT = 'many';
      try {
        await expect(buildServer(db.options())).rejects.toThrow(/CAPTCHA_LIMIT_PER_CLIENT 必须是正整数/);
      } finally {
        delete process.env.CAPTCHA_LIMIT_PER_CLIENT;
      }
    });
  });
});
