import fc from 'fast-check';
import { RATE_LIMIT_GROUPS } from '../src/infra/security/rate-limit';
import { accountOptions, Client, encryptPassword, generousLimits, newPhone, PASSWORD, registeredClient, testClock } from './accounts-helpers';
import { engines, expectErrorBody, isChinese, startServer, useEngine, type Answer, type TestServer } from './helpers';

const MINUTE = 60_000;
const PNG_BASE64 = /^iVBORw0KGgo/;

describe.each(engines())('login-form image captcha after wrong passwords on %s', (engine) => {
  const db = useEngine(engine, __filename);
  const clock = testClock();
  let server: TestServer;
  beforeAll(async () => {
    const options = accountOptions(db.options(), { clock });
    // every route group generous, the two failure counters as in production (3 per account, 10 per address)
    options.rateLimits = {
      ...generousLimits(),
      'password-failures': RATE_LIMIT_GROUPS['password-failures'],
      'password-failures-address': RATE_LIMIT_GROUPS['password-failures-address'],
    };
    server = await startServer(options);
  });
  afterAll(async () => {
    await server?.close();
  });
  // each test starts in a fresh 15-minute window of the failure counters
  beforeEach(() => clock.advance(16 * MINUTE));

  const login = async (mobile: string, password: string, captcha?: { captcha_key: string; captcha_value: string }) =>
    new Client(server.base).post('/api/token/', {
      username: mobile,
      password: await encryptPassword(server.base, password),
      login_type: 1,
      platform: 3,
      ...captcha,
    });
  /** The text of a captcha, read where the server keeps it (the test plays a person reading the picture). */
  const textOf = async (key: string) => {
    const [row] = await server.app.db.query<{ answer: { text: string } }>('SELECT answer FROM captcha_challenges WHERE id = $1', [key]);
    return row.answer.text;
  };
  const expectCaptchaIn = (answer: Answer) => {
    expect(answer.body.captcha_required).toBe(true);
    expect(answer.body.captcha_key).toMatch(/^[A-Za-z0-9_-]{10,64}$/);
    expect(answer.body.captcha_image).toMatch(PNG_BASE64);
    expect(answer.body.expiresIn).toBe(300);
  };

  test('3 wrong passwords for an account: the 3rd answer brings a captcha, the next login needs it', async () => {
    const { mobile } = await registeredClient(server.base);
    for (let i = 0; i < 2; i += 1) {
      const wrong = await login(mobile, 'wrong-guess1');
      expectErrorBody(wrong, 400, 'invalid');
      expect(wrong.body.message).toBe('手机号或密码错误');
      expect(wrong.body.captcha_required).toBeUndefined();
    }
    const third = await login(mobile, 'wrong-guess1');
    expectErrorBody(third, 400, 'invalid');
    expect(third.body.message).toBe('手机号或密码错误');
    expectCaptchaIn(third);

    // the right password without the captcha: refused, never a 429 (which would open the security check)
    const without = await login(mobile, PASSWORD);
    expectErrorBody(without, 400, 'captcha_required');
    expect(without.body.message).toBe('请输入图形验证码');
    expect(without.body.errors).toEqual({ captcha_value: ['请输入图形验证码'] });
    expectCaptchaIn(without);

    // a wrong text: refused with a new captcha; the old one is spent
    const wrongText = await login(mobile, PASSWORD, { captcha_key: without.body.captcha_key, captcha_value: 'XXXX' });
    expectErrorBody(wrongText, 400, 'captcha_invalid');
    expect(wrongText.body.errors.captcha_value).toEqual(['图形验证码错误或已过期']);
    expectCaptchaIn(wrongText);
    expect(wrongText.body.captcha_key).not.toBe(without.body.captcha_key);
    const answer = await textOf(wrongText.body.captcha_key);

    // the right text, in any letter case, with the right password: logged in
    const ok = await login(mobile, PASSWORD, { captcha_key: wrongText.body.captcha_key, captcha_value: answer.toLowerCase() });
    expect(ok.status).toBe(200);
    expect(ok.body.uid).toBeGreaterThan(0);
    // the captcha was spent by that login
    const replay = await login(mobile, PASSWORD, { captcha_key: wrongText.body.captcha_key, captcha_value: answer });
    expectErrorBody(replay, 400, 'captcha_invalid');
  });

  test('a right captcha with a wrong password still counts and answers with the next captcha', async () => {
    const { mobile } = await registeredClient(server.base);
    for (let i = 0; i < 3; i += 1) await login(mobile, 'wrong-guess1');
    const issued = await new Client(server.base).get('/api/captcha/login/');
    const wrong = await login(mobile, 'wrong-guess2', { captcha_key: issued.body.captcha_key, captcha_value: await textOf(issued.body.captcha_key) });
    expectErrorBody(wrong, 400, 'invalid');
    expectCaptchaIn(wrong);
  });

  test('the captcha is per account within 15 minutes: another phone is not asked, and the window passing lifts it', async () => {
    const { mobile } = await registeredClient(server.base);
    const other = await registeredClient(server.base);
    for (let i = 0; i < 3; i += 1) await login(mobile, 'wrong-guess1');
    expectErrorBody(await login(mobile, PASSWORD), 400, 'captcha_required');
    expect((await login(other.mobile, PASSWORD)).status).toBe(200);
    clock.advance(15 * MINUTE);
    expect((await login(mobile, PASSWORD)).status).toBe(200);
  });

  test('unknown phones are counted like known ones (no account enumeration)', async () => {
    const unknown = newPhone();
    for (let i = 0; i < 3; i += 1) expectErrorBody(await login(unknown, 'wrong-guess1'), 400, 'invalid');
    expectErrorBody(await login(unknown, 'wrong-guess1'), 400, 'captcha_required');
  });

  test('10 wrong passwords from one address over many phones: every login from there needs the captcha', async () => {
    for (let i = 0; i < 10; i += 1) expectErrorBody(await login(newPhone(), 'wrong-guess1'), 400, 'invalid');
    const { mobile } = await registeredClient(server.base);
    const refused = await login(mobile, PASSWORD);
    expectErrorBody(refused, 400, 'captcha_required');
    const ok = await login(mobile, PASSWORD, { captcha_key: refused.body.captcha_key, captcha_value: await textOf(refused.body.captcha_key) });
    expect(ok.status).toBe(200);
  });

  test('malformed captcha fields are a 400 with a Chinese message, never a 5xx', async () => {
    const { mobile } = await registeredClient(server.base);
    for (const captcha of [
      { captcha_key: '', captcha_value: '' },
      { captcha_key: '../../etc', captcha_value: 'ABCD' },
      { captcha_key: 'x'.repeat(64), captcha_value: 'ABCD' },
    ]) {
      expectErrorBody(await login(mobile, PASSWORD, captcha), 400, 'captcha_invalid');
    }
    const typed = await new Client(server.base).post('/api/token/', { username: mobile, password: 'x', login_type: 1, captcha_key: 12 });
    expectErrorBody(typed, 400, 'invalid');
  });

  test('random captcha fields while the captcha is required: never a 5xx, never a login, always a Chinese 400', async () => {
    const { mobile } = await registeredClient(server.base);
    for (let i = 0; i < 3; i += 1) await login(mobile, 'wrong-guess1');
    const password = await encryptPassword(server.base, PASSWORD);
    const value = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.constantFrom('', 'ABCD', 'abcd', ' ', '\u0000', 'x'.repeat(64), 'x'.repeat(101), 'A'.repeat(33), '../x', '%00'),
      fc.integer(),
      fc.constantFrom(null, true, [], {}),
    );
    await fc.assert(
      fc.asyncProperty(fc.record({ captcha_key: value, captcha_value: value }, { requiredKeys: [] }), async (captcha) => {
        const res = await new Client(server.base).post('/api/token/', { username: mobile, password, login_type: 1, ...captcha });
        expect(res.status).toBe(400);
        expect(isChinese(res.body.message)).toBe(true);
        expect(['captcha_required', 'captcha_invalid', 'invalid']).toContain(res.body.code);
      }),
      { numRuns: 60 },
    );
  });
});
