import {
  Client,
  encryptPassword,
  lastMailCode,
  newPhone,
  outbox,
  PASSWORD,
  proveByPassword,
  passwordLogin,
  registeredClient,
  smsCode,
  testClock,
  useAccountServer,
} from './accounts-helpers';
import { engines, expectErrorBody } from './helpers';

let mailCounter = 0;
const newEmail = () => `user${process.pid}x${(mailCounter += 1)}@Example.com`;

describe.each(engines())('account security on %s', (engine) => {
  const clock = testClock();
  const server = useAccountServer(engine, __filename, { clock });

  describe('changing the phone', () => {
    test('needs the current phone checked by code first, then a REGISTER code of the new phone', async () => {
      const { client, mobile } = await registeredClient(server.base);
      const next = newPhone();
      clock.advance(10 * 60_000 + 1000); // the login's own proof is over
      const early = await client.post('/api/change-mobile/', { mobile: next, code: '123456' });
      expectErrorBody(early, 400, 'proof_required');

      const checkCode = await smsCode(client, mobile, 'LOGIN');
      const wrongCheck = await client.post('/api/mobile/check/', { code: checkCode === '000000' ? '000001' : '000000' });
      expect(wrongCheck.body.errors.code).toEqual(['验证码错误或已过期']);
      const check = await client.post('/api/mobile/check/', { code: checkCode });
      expect(check.status).toBe(200);
      expect(check.body.valid_seconds).toBe(600);

      const same = await client.post('/api/change-mobile/', { mobile, code: '123456' });
      expect(same.body.errors.mobile).toEqual(['新手机号与当前手机号相同']);
      const newCode = await smsCode(client, next, 'REGISTER');
      const changed = await client.post('/api/change-mobile/', { mobile: next, code: newCode });
      expect(changed.status).toBe(200);
      expect(changed.body.mobile).toBe(`${next.slice(0, 3)}****${next.slice(-4)}`);
      expect((await passwordLogin(server.base, next)).answer.status).toBe(200);
      expect((await passwordLogin(server.base, mobile)).answer.status).toBe(400);
      // the check was used up
      expectErrorBody(await client.post('/api/change-mobile/', { mobile: newPhone(), code: '123456' }), 400, 'proof_required');
    });

    test('a phone of another account cannot be taken; the check lasts 10 minutes', async () => {
      const a = await registeredClient(server.base);
      const b = await registeredClient(server.base);
      clock.advance(10 * 60_000 + 1000);
      const check = await smsCode(a.client, a.mobile, 'LOGIN');
      expect((await a.client.post('/api/mobile/check/', { code: check })).status).toBe(200);
      const code = await smsCode(a.client, b.mobile, 'REGISTER');
      const taken = await a.client.post('/api/change-mobile/', { mobile: b.mobile, code });
      expectErrorBody(taken, 400, 'mobile_taken');
      clock.advance(10 * 60_000 + 1000);
      const next = newPhone();
      const late = await smsCode(a.client, next, 'REGISTER');
      expectErrorBody(await a.client.post('/api/change-mobile/', { mobile: next, code: late }), 400, 'proof_required');
    });
  });

  describe('e-mail', () => {
    test('bind with a mailed code, change to another, unbind with a code to the bound address', async () => {
      const { client } = await registeredClient(server.base);
      const first = newEmail();
      // a login by password is a proof for 10 minutes; after them, a new one is asked for
      clock.advance(10 * 60_000 + 1000);
      const sent = await client.post('/api/email-verify/', { email: first });
      expect(sent.status).toBe(200);
      expect(sent.body.detail).toBe('验证码已发送至邮箱');
      const code = await lastMailCode(server.base, first);
      expect(code).toMatch(/^[0-9]{6}$/);
      expectErrorBody(await client.post('/api/email-change/', { email: first, code }), 400, 'proof_required');
      await proveByPassword(client);
      const bound = await client.post('/api/email-change/', { email: first, code });
      expect(bound.status).toBe(200);
      expect(bound.body.email).toMatch(/^us\*{4}@example\.com$/);

      const second = newEmail();
      await client.post('/api/email-verify/', { email: second, action: 'bind' });
      const wrong = await client.post('/api/email-change/', { email: second, code: code === '000000' ? '000001' : '000000' });
      expect(wrong.body.errors.code).toEqual(['验证码错误或已过期']);
      const changed = await client.post('/api/email-change/', { email: second, code: await lastMailCode(server.base, second) });
      expect(changed.status).toBe(200);

      clock.advance(61_000); // codes to one address: one a minute
      const unbindSent = await client.post('/api/email-verify/', { action: 'unbind' });
      expect(unbindSent.status).toBe(200);
      const unbound = await client.post('/api/email-change/', { action: 'unbind', code: await lastMailCode(server.base, second) });
      expect(unbound.status).toBe(200);
      expect(unbound.body.email).toBeNull();
      expectErrorBody(await client.post('/api/email-verify/', { action: 'unbind' }), 400, 'no_email');
      // each change in the history, and told to the address as it was before
      const actions = (await client.get('/api/login-history/')).body.results.map((h: { action: string }) => h.action);
      expect(actions.slice(0, 3)).toEqual(['unbind_email', 'bind_email', 'bind_email']);
      expect((await outbox(server.base, { email: first }))[0].body).toContain('绑定邮箱');
      expect((await outbox(server.base, { email: second }))[0].body).toContain('解绑邮箱');
    });

    test('an address of another account: the code is sent all the same, binding is refused after it', async () => {
      const a = await registeredClient(server.base);
      const b = await registeredClient(server.base);
      const email = newEmail();
      await proveByPassword(a.client);
      await proveByPassword(b.client);
      await a.client.post('/api/email-verify/', { email });
      await a.client.post('/api/email-change/', { email, code: await lastMailCode(server.base, email) });
      clock.advance(61_000);
      const sent = await b.client.post('/api/email-verify/', { email: email.toUpperCase() });
      expect(sent.status).toBe(200);
      const taken = await b.client.post('/api/email-change/', { email, code: await lastMailCode(server.base, email) });
      expectErrorBody(taken, 400, 'email_taken');
      const bad = await b.client.post('/api/email-verify/', { email: 'not-an-email' });
      expect(bad.body.errors.email).toEqual(['邮箱格式不正确']);
    });
  });

  describe('security questions', () => {
    test('list, set three, update with the old answers (normalised), never set twice', async () => {
      const { client } = await registeredClient(server.base);
      const list = await client.get('/api/pwd_protection_question/');
      expect(list.status).toBe(200);
      expect(list.body.count).toBeGreaterThanOrEqual(3);
      expect(list.body.results[0]).toMatchObject({ id: expect.any(Number), question: expect.stringMatching(/？$/), selected: false });
      const [q1, q2, q3, q4] = list.body.results.map((q: { id: number }) => q.id);

      clock.advance(10 * 60_000 + 1000);
      expectErrorBody(
        await client.post('/api/pwd_protection_answer/', {
          answers: [{ question_id: q1, answer: 'a' }, { question_id: q2, answer: 'b' }, { question_id: q3, answer: 'c' }],
        }),
        400,
        'proof_required',
      );
      await proveByPassword(client);
      const dup = await client.post('/api/pwd_protection_answer/', {
        answers: [{ question_id: q1, answer: 'a' }, { question_id: q1, answer: 'b' }, { question_id: q2, answer: 'c' }],
      });
      expect(dup.body.errors.answers).toEqual(['请选择不同的密保问题']);
      const two = await client.post('/api/pwd_protection_answer/', { answers: [{ question_id: q1, answer: 'a' }] });
      expect(two.body.errors.answers).toEqual(['请设置3个密保问题']);
      const set = await client.post('/api/pwd_protection_answer/', {
        answers: [{ question_id: q1, answer: '王 芳' }, { question_id: q2, answer: 'Beijing' }, { question_id: q3, answer: '三中' }],
      });
      expect(set.status).toBe(201);
      expect((await client.get('/api/users/0/')).body.has_pwd_protection).toBe(true);
      const selected = (await client.get('/api/pwd_protection_question/')).body.results.filter((q: { selected: boolean }) => q.selected);
      expect(selected.map((q: { id: number }) => q.id).sort()).toEqual([q1, q2, q3].sort());
      expectErrorBody(
        await client.post('/api/pwd_protection_answer/', {
          answers: [{ question_id: q1, answer: 'a' }, { question_id: q2, answer: 'b' }, { question_id: q3, answer: 'c' }],
        }),
        400,
        'pwd_protection_exists',
      );

      const newAnswers = [{ question_id: q4, answer: '猫' }, { question_id: q2, answer: '上海' }, { question_id: q3, answer: '一中' }];
      const wrong = await client.put('/api/pwd_protection_answer/0/', {
        old_answers: [{ question_id: q1, answer: '王芳' }, { question_id: q2, answer: 'beijing' }, { question_id: q3, answer: '三中' }],
        answers: newAnswers,
      });
      expect(wrong.body.errors.old_answers).toEqual(['原密保答案不正确']);
      const ok = await client.put('/api/pwd_protection_answer/0/', {
        old_answers: [{ question_id: q3, answer: ' 三中' }, { question_id: q1, answer: '王  芳' }, { question_id: q2, answer: 'BEIJING' }],
        answers: newAnswers,
      });
      expect(ok.status).toBe(200);
      const again = await client.put('/api/pwd_protection_answer/0/', {
        old_answers: [{ question_id: q4, answer: '猫' }, { question_id: q2, answer: '上海' }, { question_id: q3, answer: '一中' }],
        answers: newAnswers,
      });
      expect(again.status).toBe(200);
    });
  });

  describe('mini-program login, third-party accounts and activation', () => {
    test('a new mini-program user is inactive (TRD_LOGIN_NO_MOBILE), binds a free phone with a TRD_ACTIVE code', async () => {
      const client = new Client(server.base);
      const login = await client.post('/api/wxminiapp-login/', { code: 'alice.1' });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ is_active: 0, inactive_reason: 'TRD_LOGIN_NO_MOBILE', is_new: true, mobile: null });
      const sessions = await client.get('/api/login-devices/');
      expect(sessions.body.results[0]).toMatchObject({ login_type: 3, platform: 'weixin_miniapp' });
      expectErrorBody(await client.get('/api/trd-account-bind/'), 403, 'account_inactive');
      expectErrorBody(await client.post('/api/wxminiapp-login/', { code: 'alice.1' }), 400, 'wx_code_invalid'); // used

      const mobile = newPhone();
      const code = await smsCode(client, mobile, 'TRD_ACTIVE');
      const act = await client.post('/api/users-activate/', { inactive_reason: 'TRD_LOGIN_NO_MOBILE', mobile, code, trd_active: true });
      expect(act.status).toBe(200);
      expect(act.body).toMatchObject({ uid: login.body.uid, is_active: 1, inactive_reason: null });
      const bound = await client.get('/api/trd-account-bind/');
      expect(bound.body.results.map((r: { provider: string }) => r.provider)).toEqual(['weixin_miniapp']);

      // the same WeChat user again: the same, now active, account
      const again = await new Client(server.base).post('/api/wxminiapp-login/', { code: 'alice.2' });
      expect(again.body).toMatchObject({ uid: login.body.uid, is_active: 1, is_new: false });
    });

    test('binding a phone that already has an account moves the WeChat identity to it and logs into it', async () => {
      const existing = await registeredClient(server.base);
      const client = new Client(server.base);
      const login = await client.post('/api/wxminiapp-login/', { code: 'bob.1' });
      expect(login.body.is_new).toBe(true);
      clock.advance(61_000);
      const code = await smsCode(client, existing.mobile, 'TRD_ACTIVE');
      const act = await client.post('/api/users-activate/', {
        inactive_reason: 'TRD_LOGIN_NO_MOBILE',
        username: existing.mobile,
        code,
      });
      expect(act.status).toBe(200);
      expect(act.body).toMatchObject({ uid: existing.uid, is_active: 1 });
      expect((await client.get('/api/users/0/')).body.uid).toBe(existing.uid);
      expectErrorBody(await client.get(`/api/users/${login.body.uid}/`), 404, 'user_not_found');
      const next = await new Client(server.base).post('/api/wxminiapp-login/', { code: 'bob.2' });
      expect(next.body).toMatchObject({ uid: existing.uid, is_new: false });
    });

    test('bind a mini-program account to a phone account; one owner per identity', async () => {
      const a = await registeredClient(server.base);
      const b = await registeredClient(server.base);
      clock.advance(10 * 60_000 + 1000);
      expectErrorBody(await a.client.post('/api/trd-account-bind/', { provider: 'weixin_miniapp', code: 'carol.0' }), 400, 'proof_required');
      await proveByPassword(a.client);
      await proveByPassword(b.client);
      const bind = await a.client.post('/api/trd-account-bind/', { provider: 'weixin_miniapp', code: 'carol.1' });
      expect(bind.status).toBe(201);
      expect(bind.body).toMatchObject({ provider: 'weixin_miniapp' });
      expectErrorBody(await a.client.post('/api/trd-account-bind/', { provider: 'weixin_miniapp', code: 'carol.2' }), 400, 'already_bound');
      expectErrorBody(await b.client.post('/api/trd-account-bind/', { provider: 'weixin_miniapp', code: 'carol.3' }), 409, 'trd_bound_elsewhere');
      expectErrorBody(await b.client.post('/api/trd-account-bind/', { provider: 'weixin_miniapp', code: 'bad code!' }), 400, 'trd_code_invalid');
      // QQ binds through its authorisation page (test/oauth-login.test.ts), not by a code
      expectErrorBody(await b.client.post('/api/trd-account-bind/', { provider: 'qq', code: 'x' }), 400, 'trd_authorize_required');
      const login = await new Client(server.base).post('/api/wxminiapp-login/', { code: 'carol.4' });
      expect(login.body).toMatchObject({ uid: a.uid, is_new: false });
      expect((await a.client.get('/api/trd-account-bind/')).body.count).toBe(1);
    });

    test('a disabled account (POST_SPAM_COMMENTS) may log in and read itself, and is refused everything else', async () => {
      const { client, mobile, uid } = await registeredClient(server.base);
      await server.app.db.query("UPDATE users SET inactive_reason = 'POST_SPAM_COMMENTS' WHERE id = $1", [uid]);
      const login = await passwordLogin(server.base, mobile, PASSWORD);
      expect(login.answer.body).toMatchObject({ is_active: 0, inactive_reason: 'POST_SPAM_COMMENTS' });
      expect((await client.get('/api/users/0/')).body.inactive_reason).toBe('POST_SPAM_COMMENTS');
      const refusals = [
        await client.patch('/api/users/0/', { nickname: 'x' }),
        await client.post('/api/users-activate/', { inactive_reason: 'POST_SPAM_COMMENTS' }),
        await client.post('/api/email-verify/', { email: newEmail() }),
        await client.post('/api/mobile/check/', { code: '123456' }),
        await client.post('/api/pwd_protection_answer/', {
          answers: [{ question_id: 1, answer: 'a' }, { question_id: 2, answer: 'b' }, { question_id: 3, answer: 'c' }],
        }),
        await client.get('/api/trd-account-bind/'),
        await client.post('/api/users-delete/', { password: await encryptPassword(server.base, PASSWORD) }),
      ];
      for (const res of refusals) {
        expectErrorBody(res, 403, 'account_disabled');
        expect(res.body.message).toBe('您的账号因发布广告或不当评论已被禁用');
      }
      expect((await client.post('/api/logout/')).status).toBe(200);
    });
  });
});
