import fc from 'fast-check';
import { call, engines, isChinese, postJson, startServer, useEngine, type TestServer } from './helpers';

const TYPES = ['slide', 'click', 'drag', 'rotate'] as const;

const anyText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('', '0', '-1', '1.5', '1e3', 'NaN', '１', '一', '\u0000', "'; --", '100,5', '{"x":1,"y":5}', '1,2,3,4,5,6',
    ...TYPES, 'blockPuzzle', 'clickWord'),
);
const anyValue = fc.oneof(anyText, fc.jsonValue({ maxDepth: 2 }), fc.integer(), fc.double(), fc.constant(null));
const ID = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{1,70}$/), anyText);

const ISSUE_BODY = fc.oneof(
  fc.record(
    { captchaType: fc.oneof(fc.constantFrom(...TYPES), anyValue), clientUid: fc.oneof(fc.stringMatching(/^[a-z0-9-]{1,70}$/), anyValue), ts: anyValue },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 3 }),
);
const CHECK_BODY = fc.oneof(
  fc.record(
    {
      captchaType: fc.oneof(fc.constantFrom(...TYPES), anyValue),
      verify_value: fc.oneof(anyText, anyValue, fc.record({ x: fc.double(), y: fc.double() })),
      id: fc.oneof(ID, anyValue),
      extra: anyValue,
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A request to one of the captcha routes: a JSON body (or raw text, or none) and some content type. */
const REQUEST = fc.record({
  route: fc.constantFrom('/api/captcha/', '/api/captcha/check/', '/api/captcha/login/', '/api/captcha/login/?clientUid='),
  method: fc.constantFrom('GET', 'POST', 'POST', 'POST', 'PUT', 'DELETE'),
  query: fc.oneof(fc.constant(''), anyText.map((t) => encodeURIComponent(t))),
  contentType: fc.constantFrom(undefined, 'application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded'),
  body: fc.option(
    fc.oneof(
      ISSUE_BODY.map((v) => JSON.stringify(v)),
      CHECK_BODY.map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 60 }),
      fc.constantFrom('{', '[', 'null', '""', '{"__proto__":{"x":1}}', '{"verify_value":"\\ud800"}'),
    ),
    { nil: undefined },
  ),
});

describe.each(engines())('captcha routes under random input on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    // the property runs issue hundreds of images from one address and client: the 6201 limit is tested elsewhere
    process.env.CAPTCHA_LIMIT_PER_IP = '1000000';
    process.env.CAPTCHA_LIMIT_PER_CLIENT = '1000000';
    server = await startServer(db.options());
  });
  afterAll(async () => {
    await server?.close();
    process.env = savedEnv;
  });

  test('never a 5xx; every 4xx has a Chinese message and a code; every 200 has the documented shape', async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(REQUEST, async ({ route, method, query, contentType, body }) => {
        const path = route.endsWith('=') ? route + query : route;
        const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
        const sendsBody = body !== undefined && method !== 'GET';
        const res = await call(server.base, path, { method, headers, body: sendsBody ? body : undefined });
        answered += 1;
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          expect(isChinese(res.body.message)).toBe(true);
          expect(typeof res.body.code).toBe('string');
        } else if (route === '/api/captcha/') {
          expect(res.body.repCode).toBe('0000');
          expect(TYPES).toContain(res.body.captchaType);
        } else if (route === '/api/captcha/check/') {
          // a random answer to an unknown id can never be right
          throw new Error(`accepted a random answer: ${JSON.stringify(body)}`);
        } else {
          expect(typeof res.body.captcha_image).toBe('string');
        }
      }),
      { numRuns: 250 },
    );
    expect(answered).toBeGreaterThanOrEqual(250);
  });

  /** Issues a challenge and reads its secret from the table. */
  const challenge = async (type: (typeof TYPES)[number]) => {
    const res = await postJson(server.base, '/api/captcha/', { captchaType: type, clientUid: 'fuzz', ts: Date.now() });
    const [row] = await server.app.db.query<{ answer: any }>('SELECT answer FROM captcha_challenges WHERE id = $1', [
      res.body.captchaId,
    ]);
    return { id: res.body.captchaId as string, answer: row.answer };
  };
  const answer = (captchaType: string, id: string, verify_value: string) =>
    postJson(server.base, '/api/captcha/check/', { captchaType, id, verify_value });

  test('slide: accepted exactly when x is within 5 px of the hole and y is 5', async () => {
    await fc.assert(
      fc.asyncProperty(fc.double({ min: -20, max: 20, noNaN: true }), fc.constantFrom(5, 5, 5, 4, 6), async (dx, y) => {
        const dxText = dx.toFixed(2);
        const { id, answer: secret } = await challenge('slide');
        const res = await answer('slide', id, `${(secret.x + Number(dxText)).toFixed(2)},${y}`);
        const right = Math.abs(Number(dxText)) <= 5 && y === 5;
        expect(res.status).toBe(right ? 200 : 400);
      }),
      { numRuns: 60 },
    );
  });

  test('drag: accepted exactly when the drop point is within 8 px of the hole', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -12, max: 12 }), fc.integer({ min: -12, max: 12 }), async (dx, dy) => {
        const { id, answer: secret } = await challenge('drag');
        const res = await answer('drag', id, `${secret.x + dx},${secret.y + dy}`);
        expect(res.status).toBe(Math.hypot(dx, dy) <= 8 ? 200 : 400);
      }),
      { numRuns: 60 },
    );
  });

  test('rotate: accepted exactly when the angle is within 8 degrees of upright, across 0/360', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -20, max: 20 }), async (d) => {
        const { id, answer: secret } = await challenge('rotate');
        const sent = (secret.angle + d + 360) % 360;
        const res = await answer('rotate', id, String(sent));
        expect(res.status).toBe(Math.abs(d) <= 8 ? 200 : 400);
      }),
      { numRuns: 60 },
    );
  });

  test('click: accepted exactly when every click falls in its character box, in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: -30, max: 30 }), fc.integer({ min: -30, max: 30 })), { minLength: 3, maxLength: 3 }),
        fc.boolean(),
        async (offsets, swap) => {
          const { id, answer: secret } = await challenge('click');
          const points = secret.points as { x: number; y: number; r: number }[];
          const order = swap ? [1, 0, 2] : [0, 1, 2];
          const clicks = order.map((k, i) => ({ x: points[k].x + offsets[i][0], y: points[k].y + offsets[i][1] }));
          const res = await answer('click', id, clicks.map((c) => `${c.x},${c.y}`).join(','));
          const right = clicks.every((c, i) => Math.abs(c.x - points[i].x) <= points[i].r && Math.abs(c.y - points[i].y) <= points[i].r);
          expect(res.status).toBe(right ? 200 : 400);
        },
      ),
      { numRuns: 60 },
    );
  });
});
