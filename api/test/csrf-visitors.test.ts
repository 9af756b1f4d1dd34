import { encryptPassword, newPhone, PASSWORD, registeredClient, useAccountServer } from './accounts-helpers';
import { engines, expectErrorBody, call, type Answer } from './helpers';

/**
 * Visitors' unsafe requests carry no CSRF token (api/README.md "Security"): safe because a cross-site page can
 * only send "simple" requests without a CORS preflight, whose bodies are forms or text, and the API reads JSON
 * alone and answers no CORS. These tests hold that reasoning to the code: such requests are refused with 415
 * before any handler runs, and the preflight a JSON request would need gets no permission.
 */
const EVIL = 'https://evil.example';

/** The content types a cross-site form, `fetch(..., {mode: 'no-cors'})` or `sendBeacon` can send without a preflight. */
const SIMPLE_TYPES = [
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
];

/** The body as such a page would send it in each content type (the JSON text itself, or as form fields). */
function encode(type: string, fields: Record<string, string | number>): string {
  if (type.startsWith('text/plain')) return JSON.stringify(fields);
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return new URLSearchParams(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]))).toString();
  }
  return (
    Object.entries(fields)
      .map(([k, v]) => `------x\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + '------x--\r\n'
  );
}

function crossSite(base: string, path: string, type: string, body: string): Promise<Answer> {
  return call(base, path, {
    method: 'POST',
    headers: { 'content-type': type, origin: EVIL, referer: `${EVIL}/page`, 'sec-fetch-site': 'cross-site' },
    body,
  });
}

describe.each(engines())('visitors without a CSRF token on %s', (engine) => {
  const server = useAccountServer(engine, __filename);

  const outboxCount = async (mobile: string) =>
    (await server.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM dev_outbox WHERE recipient LIKE $1', [`%${mobile}`]))[0].n;

  test.each(SIMPLE_TYPES)('POST /api/codes/ as %s: 415, no code sent', async (type) => {
    const mobile = newPhone();
    const res = await crossSite(server.base, '/api/codes/', type, encode(type, { mobile, reason: 'LOGIN' }));
    expectErrorBody(res, 415, 'unsupported_media_type');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await outboxCount(mobile)).toBe(0);
    // the same request as JSON (which needs a preflight from another origin) would have sent one
    const json = await call(server.base, '/api/codes/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile, reason: 'LOGIN' }),
    });
    expect(json.status).toBe(200);
    expect(await outboxCount(mobile)).toBe(1);
  });

  test.each(SIMPLE_TYPES)('POST /api/token/ as %s with a right password: 415, no session', async (type) => {
    const { mobile } = await registeredClient(server.base);
    const fields = { username: mobile, password: await encryptPassword(server.base, PASSWORD), login_type: 1 };
    const res = await crossSite(server.base, '/api/token/', type, encode(type, fields));
    expectErrorBody(res, 415, 'unsupported_media_type');
    expect(res.headers.getSetCookie()).toEqual([]);
    const [{ n }] = await server.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.mobile = $1',
      [mobile],
    );
    expect(n).toBe(1); // the registration's session only
    // as JSON the very same body logs in
    const json = await call(server.base, '/api/token/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    expect(json.status).toBe(200);
  });

  test('the preflight a cross-site JSON POST needs gets no CORS permission, so the browser never sends it', async () => {
    for (const path of ['/api/token/', '/api/codes/']) {
      const res = await call(server.base, path, {
        method: 'OPTIONS',
        headers: { origin: EVIL, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      for (const name of ['access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers', 'access-control-allow-credentials']) {
        expect({ path, name, value: res.headers.get(name) }).toEqual({ path, name, value: null });
      }
    }
  });
});
