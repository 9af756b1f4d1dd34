import { constants, privateDecrypt } from 'node:crypto';
import JSEncrypt from 'jsencrypt';
import {
  Client,
  encryptPassword,
  newPhone,
  outbox,
  PASSWORD,
  passwordLogin,
  registeredClient,
  smsCode,
  testClock,
  useAccountServer,
} from './accounts-helpers';
import { purgeDueDeletions } from '../src/modules/accounts/services/account-deletion';
import { engines, expectErrorBody, isChinese } from './helpers';

describe.each(engines())('accounts on %s', (engine) => {
  const clock = testClock();
  const server = useAccountServer(engine, __filename, { clock });

  describe('password encryption', () => {
    test('the public key is a PEM that the real jsencrypt encrypts to with OAEP/SHA-256, and it stays the same', async () => {
      const first = await new Client(server.base).get('/api/public-key/');
      expect(first.status).toBe(200);
      expect(first.body.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n$/);
      expect(first.body).toMatchObject({ algorithm: 'RSA-OAEP', hash: 'SHA-256' });
      const again = await new Client(server.base).get('/api/public-key/');
      expect(again.body.public_key).toBe(first.body.public_key);

      // the server's private key opens what jsencrypt's encryptOAEP made, with SHA-256 and not SHA-1
      const [{ value }] = await server.app.db.query<{ value: string }>(
        "SELECT value FROM server_secrets WHERE name = 'rsa_private_key'",
      );
      const rsa = new JSEncrypt();
      rsa.setPublicKey(first.body.public_key);
      const cipher = Buffer.from(rsa.encryptOAEP('abc12345') as string, 'base64');
      const open = (oaepHash: string) =>
        privateDecrypt({ key: value, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash }, cipher).toString();
      expect(open('sha256')).toBe('abc12345');
      expect(() => open('sha1')).toThrow();
    });

    test('Chinese and Latin-1 passwords survive the trip (UTF-8 binary string, or raw Latin-1)', async () => {
      const mobile = newPhone();
      await registeredClient(server.base, { mobile, password: '密码abc12345' });
      const ok = await passwordLogin(server.base, mobile, '密码abc12345');
      expect(ok.answer.status).toBe(200);

      const latin = newPhone();
      await registeredClient(server.base, { mobile: latin, password: 'pässwörd12' });
      const client = new Client(server.base);
      const raw = await client.post('/api/token/', {
        username: latin,
        password: await encryptPassword(server.base, 'pässwörd12', false),
        login_type: 1,
      });
      expect(raw.status).toBe(200);
    });

    test('a ciphertext of another key, or no ciphertext at all, is a Chinese 400 on the field', async () => {
      const client = new Client(server.base);
      const other = new JSEncrypt({ default_key_size: '1024' });
      for (const password of ['abc12345', other.encryptOAEP('abc12345') as string, 'A'.repeat(344)]) {
        const res = await client.post('/api/token/', { username: newPhone(), password, login_type: 1 });
        expectErrorBody(res, 400, 'invalid');
        expect(isChinese(res.body.errors.password[0])).toBe(true);
      }
    });
  });

  describe('registration and login', () => {
    test('register with an SMS code: 201, logged in, active, cookies set; the phone cannot register twice', async () => {
      const client = new Client(server.base);
      const mobile = newPhone();
      const code = await smsCode(client, mobile, 'REGISTER');
      const res = await client.post('/api/users/', {
        username: `${mobile.slice(0, 3)} ${mobile.slice(3, 7)} ${mobile.slice(7)}`,
        password: await encryptPassword(server.base, PASSWORD),
        code,
        platform: 3,
        nickname: '小明',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        nickname: '小明',
        is_active: 1,
        inactive_reason: null,
        level: 1,
        country_code: '86',
        mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
        has_password: true,
        is_new: true,
      });
      expect(res.body.uid).toBeGreaterThan(0);
      expect(client.cookies.has('sessionid')).toBe(true);
      expect(client.cookies.has('csrftoken')).toBe(true);
      const me = await client.get('/api/users/0/');
      expect(me.status).toBe(200);
      expect(me.body.uid).toBe(res.body.uid);

      const again = new Client(server.base);
      clock.advance(61_000);
      const code2 = await smsCode(again, mobile, 'REGISTER');
      const dup = await again.post('/api/users/', {
        username: mobile,
        password: await encryptPassword(server.base, PASSWORD),
        code: code2,
      });
      expectErrorBody(dup, 400, 'mobile_taken');
    });

    test('registration checks the password rule before spending the code, and the code before anything else', async () => {
      const client = new Client(server.base);
      const mobile = newPhone();
      const code = await smsCode(client, mobile, 'REGISTER');
      const weak = await client.post('/api/users/', {
        username: mobile,
        password: await encryptPassword(server.base, '12345678'),
        code,
      });
      expectErrorBody(weak, 400, 'invalid');
      expect(weak.body.errors.password).toEqual(['密码应为至少8位数字字母组合']);
      const wrongCode = await client.post('/api/users/', {
        username: mobile,
        password: await encryptPassword(server.base, PASSWORD),
        code: code === '000000' ? '000001' : '000000',
      });
      expectErrorBody(wrongCode, 400, 'invalid');
      expect(wrongCode.body.errors.code).toEqual(['验证码错误或已过期']);
      const ok = await client.post('/api/users/', { username: mobile, password: await encryptPassword(server.base, PASSWORD), code });
      expect(ok.status).toBe(201);
    });

    test('SPEC §5 messages for bad fields', async () => {
      const client = new Client(server.base);
      const res = await client.post('/api/users/', { username: '138abc', password: 'x', code: '12a' });
      expectErrorBody(res, 400, 'invalid');
      expect(res.body.errors.username).toEqual(['手机号格式不正确']);
      expect(res.body.errors.code).toEqual(['验证码格式不正确']);
      const empty = await client.post('/api/codes/', { mobile: '', reason: 'LOGIN' });
      expect(empty.body.errors.mobile).toEqual(['手机号不能为空']);
      const missing = await client.post('/api/codes/', { reason: 'LOGIN' });
      expect(missing.body.errors.mobile).toEqual(['手机号不能为空']);
    });

    test('password login (login_type 1) answers the user info; a wrong password the same message as an unknown phone', async () => {
      const { mobile, uid } = await registeredClient(server.base);
      const ok = await passwordLogin(server.base, mobile);
      expect(ok.answer.status).toBe(200);
      expect(ok.answer.body).toMatchObject({ uid, is_active: 1, is_new: false });
      const wrong = await passwordLogin(server.base, mobile, 'abc123456');
      const unknown = await passwordLogin(server.base, newPhone());
      expectErrorBody(wrong.answer, 400, 'invalid');
      expect(unknown.answer.body).toEqual(wrong.answer.body);
      expect(wrong.answer.body.message).toBe('手机号或密码错误');
    });

    test('SMS login (login_type 2) with a LOGIN code; an unregistered phone is told to register', async () => {
      const { mobile, uid } = await registeredClient(server.base);
      const client = new Client(server.base);
      clock.advance(61_000);
      const code = await smsCode(client, mobile, 'LOGIN');
      const res = await client.post('/api/token/', { username: mobile, code, login_type: 2, platform: 'mobile' });
      expect(res.status).toBe(200);
      expect(res.body.uid).toBe(uid);
      const stranger = newPhone();
      const code2 = await smsCode(client, stranger, 'LOGIN');
      const none = await client.post('/api/token/', { username: stranger, code: code2, login_type: 2 });
      expectErrorBody(none, 400, 'account_not_found');
    });

    test('login types 3 and 4 answer a Chinese 400 pointing to their own flows', async () => {
      for (const login_type of [3, 4]) {
        const res = await new Client(server.base).post('/api/token/', { username: newPhone(), login_type });
        expectErrorBody(res, 400, 'login_type_unsupported');
      }
      const bad = await new Client(server.base).post('/api/token/', { username: newPhone(), login_type: 5 });
      expect(bad.body.errors.login_type).toEqual(['登录方式不正确']);
    });

    test('SMS quick login creates an inactive account (CODE_LOGIN_NO_PASSWORD) that activates with nickname + password', async () => {
      const client = new Client(server.base);
      const mobile = newPhone();
      const code = await smsCode(client, mobile, 'LOGIN');
      const res = await client.post('/api/login-code/', { mobile, code, platform: 3 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ is_active: 0, inactive_reason: 'CODE_LOGIN_NO_PASSWORD', is_new: true, has_password: false });

      // restricted until activated
      const patch = await client.patch('/api/users/0/', { nickname: '新名字' });
      expectErrorBody(patch, 403, 'account_inactive');
      expect(patch.body.inactive_reason).toBe('CODE_LOGIN_NO_PASSWORD');
      const noName = await client.post('/api/users-activate/', {
        inactive_reason: 'CODE_LOGIN_NO_PASSWORD',
        nickname: '   ',
        password: await encryptPassword(server.base, PASSWORD),
      });
      expect(noName.body.errors.nickname).toEqual(['用户名不能为空']);
      const wrongReason = await client.post('/api/users-activate/', { inactive_reason: 'TRD_LOGIN_NO_MOBILE' });
      expectErrorBody(wrongReason, 400, 'inactive_reason_mismatch');
      const act = await client.post('/api/users-activate/', {
        inactive_reason: 'CODE_LOGIN_NO_PASSWORD',
        nickname: '阿强',
        password: await encryptPassword(server.base, PASSWORD),
      });
      expect(act.status).toBe(200);
      expect(act.body).toMatchObject({ is_active: 1, inactive_reason: null, nickname: '阿强', has_password: true });
      const again = await client.post('/api/users-activate/', { inactive_reason: 'CODE_LOGIN_NO_PASSWORD' });
      expectErrorBody(again, 400, 'already_active');

      // the next SMS login of the same phone is an existing account
      const other = new Client(server.base);
      clock.advance(61_000);
      const code2 = await smsCode(other, mobile, 'LOGIN');
      const second = await other.post('/api/login-code/', { username: mobile, code: code2 });
      expect(second.body).toMatchObject({ uid: res.body.uid, is_new: false, is_active: 1 });
      // and the password works
      expect((await passwordLogin(server.base, mobile)).answer.status).toBe(200);
    });

    test('logout ends the session: the same cookie is a visitor afterwards', async () => {
      const { client } = await registeredClient(server.base);
      const saved = client.cookieHeader();
      const out = await client.post('/api/logout/');
      expect(out.status).toBe(200);
      expect(client.cookies.has('sessionid')).toBe(false);
      const replay = await fetch(`${server.base}/api/users/0/`, { headers: { cookie: saved } });
      expect(replay.status).toBe(403);
      expect(await replay.json()).toMatchObject({ error: '未登录', message: '您还未登录或登录已失效' });
    });
  });

  describe('user info and profile', () => {
    test('GET /api/users/0/ needs login (403 未登录); others get the public subset; unknown is 404', async () => {
      const visitor = await new Client(server.base).get('/api/users/0/');
      expectErrorBody(visitor, 403, 'not_authenticated');
      expect(visitor.body.error).toBe('未登录');

      const a = await registeredClient(server.base, { nickname: '甲' });
      const b = await registeredClient(server.base, { nickname: '乙' });
      const seen = await a.client.get(`/api/users/${b.uid}/`);
      expect(seen.status).toBe(200);
      expect(Object.keys(seen.body).sort()).toEqual(['avatar', 'gender', 'intro', 'level', 'nickname', 'uid']);
      expect(seen.body.nickname).toBe('乙');
      const own = await a.client.get(`/api/users/${a.uid}/`);
      expect(own.body.mobile).toMatch(/\*{4}/);
      expectErrorBody(await a.client.get('/api/users/999999999/'), 404, 'user_not_found');
      expectErrorBody(await a.client.get('/api/users/abc/'), 400, 'invalid');
    });

    test('PATCH of one\'s own profile; never someone else\'s', async () => {
      const a = await registeredClient(server.base);
      const b = await registeredClient(server.base);
      const res = await a.client.patch('/api/users/0/', { nickname: ' 新昵称 ', gender: 'female', intro: '你好' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ nickname: '新昵称', gender: 'female', intro: '你好' });
      const byId = await a.client.patch(`/api/users/${a.uid}/`, { gender: 'male' });
      expect(byId.body.gender).toBe('male');
      expectErrorBody(await a.client.patch(`/api/users/${b.uid}/`, { nickname: '黑客' }), 403, 'permission_denied');
      const long = await a.client.patch('/api/users/0/', { nickname: '字'.repeat(255) });
      expect(long.body.errors.nickname).toEqual(['昵称不能超过255个字符']);
      expectErrorBody(await new Client(server.base).patch('/api/users/0/', { nickname: 'x' }), 403, 'not_authenticated');
    });

    test('password change (modify_type 2) needs the old password and logs out everywhere', async () => {
      const { client, mobile } = await registeredClient(server.base);
      const elsewhere = (await passwordLogin(server.base, mobile)).client;
      const wrong = await client.patch('/api/users/0/', {
        modify_type: 2,
        old_password: await encryptPassword(server.base, 'wrong1234'),
        password: await encryptPassword(server.base, 'newpass123'),
      });
      expect(wrong.body.errors.old_password).toEqual(['原密码不正确']);
      const ok = await client.patch('/api/users/0/', {
        modify_type: 2,
        old_password: await encryptPassword(server.base, PASSWORD),
        password: await encryptPassword(server.base, 'newpass123'),
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ detail: '密码修改成功，请重新登录', password_changed: true });
      expect((await client.get('/api/users/0/')).status).toBe(403);
      expect((await elsewhere.get('/api/users/0/')).status).toBe(403);
      expect((await passwordLogin(server.base, mobile, 'newpass123')).answer.status).toBe(200);
    });

    test('password reset (modify_type 3) with a FIND_PWD code, without login; sessions end', async () => {
      const { client, mobile } = await registeredClient(server.base);
      const stranger = new Client(server.base);
      clock.advance(61_000);
      const code = await smsCode(stranger, mobile, 'FIND_PWD');
      const res = await stranger.patch('/api/users/0/', {
        modify_type: 3,
        username: mobile,
        code,
        password: await encryptPassword(server.base, 'reset1234'),
      });
      expect(res.status).toBe(200);
      expect(res.body.password_changed).toBe(true);
      expect((await client.get('/api/users/0/')).status).toBe(403);
      expect((await passwordLogin(server.base, mobile, PASSWORD)).answer.status).toBe(400);
      expect((await passwordLogin(server.base, mobile, 'reset1234')).answer.status).toBe(200);
      // a LOGIN code does not reset a password
      clock.advance(61_000);
      const loginCode = await smsCode(stranger, mobile, 'LOGIN');
      const wrongReason = await stranger.patch('/api/users/0/', {
        modify_type: 3,
        username: mobile,
        code: loginCode,
        password: await encryptPassword(server.base, 'other1234'),
      });
      expect(wrongReason.body.errors.code).toEqual(['验证码错误或已过期']);
    });

    test('account deletion needs a code or the password, ends every session; a login in the cooling-off period cancels it', async () => {
      const { client, mobile, uid } = await registeredClient(server.base);
      const other = (await passwordLogin(server.base, mobile)).client;
      const none = await client.post('/api/users-delete/', {});
      expectErrorBody(none, 400, 'invalid');
      const wrong = await client.post('/api/users-delete/', { password: await encryptPassword(server.base, 'nope12345') });
      expect(wrong.body.errors.password).toEqual(['密码不正确']);
      const ok = await client.post('/api/users-delete/', { password: await encryptPassword(server.base, PASSWORD) });
      expect(ok.status).toBe(200);
      expect(Date.parse(ok.body.delete_time) - clock.now().getTime()).toBe(15 * 24 * 3600 * 1000);
      expect((await client.get('/api/users/0/')).status).toBe(403);
      expect((await other.get('/api/users/0/')).status).toBe(403);
      // the phone was told
      expect((await outbox(server.base, { mobile }))[0].body).toContain('申请注销账号');
      clock.advance(14 * 24 * 3600 * 1000);
      const back = await passwordLogin(server.base, mobile);
      expect(back.answer.status).toBe(200);
      expect(back.answer.body.uid).toBe(uid);
      const history = await back.client.get('/api/login-history/?ordering=-create_time');
      expect(history.body.results.slice(0, 3).map((h: { action: string }) => h.action)).toEqual(['login', 'delete_cancel', 'delete_request']);
      // deleted again: after the cooling-off period a login finds no account, and the phone is free
      expect((await back.client.post('/api/users-delete/', { password: await encryptPassword(server.base, PASSWORD) })).status).toBe(200);
      clock.advance(15 * 24 * 3600 * 1000);
      expectErrorBody((await passwordLogin(server.base, mobile)).answer, 400, 'account_deleted');
      expectErrorBody(await new Client(server.base).get(`/api/users/${uid}/`), 404, 'user_not_found');
      expect((await passwordLogin(server.base, mobile)).answer.status).toBe(400);
      clock.advance(61_000);
      const again = await registeredClient(server.base, { mobile });
      expect(again.uid).not.toBe(uid);
    });

    test('the sweep anonymises the accounts whose cooling-off period is over, not the others', async () => {
      const due = await registeredClient(server.base);
      expect((await due.client.post('/api/users-delete/', { password: await encryptPassword(server.base, PASSWORD) })).status).toBe(200);
      clock.advance(10 * 24 * 3600 * 1000);
      const later = await registeredClient(server.base);
      expect((await later.client.post('/api/users-delete/', { password: await encryptPassword(server.base, PASSWORD) })).status).toBe(200);
      clock.advance(5 * 24 * 3600 * 1000 + 1000);
      expect(await purgeDueDeletions(server.app)).toBe(1);
      expect((await new Client(server.base).get(`/api/users/${due.uid}/`)).status).toBe(404);
      expect((await new Client(server.base).get(`/api/users/${later.uid}/`)).status).toBe(200);
    });
  });
});
