import {
  Client,
  encryptPassword,
  lastSmsCode,
  newPhone,
  outbox,
  PASSWORD,
  passwordLogin,
  proveByPassword,
  registeredClient,
  smsCode,
  testClock,
  useAccountServer,
} from './accounts-helpers';
import { engines, expectErrorBody } from './helpers';

const actionsOf = async (client: Client) =>
  (await client.get('/api/login-history/?ordering=-create_time')).body.results.map((h: { action: string; login_type: number }) => [h.action, h.login_type]);

describe.each(engines())('account proofs, security events and devices on %s', (engine) => {
  const clock = testClock();
  const server = useAccountServer(engine, __filename, { clock });

  test('a fresh proof by password or by a code to the own phone, valid 10 minutes; a login by password is one', async () => {
    const { client, mobile } = await registeredClient(server.base);
    const email = 'proof@example.com';
    expect((await client.post('/api/email-verify/', { email })).status).toBe(200);
    // right after the login: no other proof asked for (the code is checked next)
    expectErrorBody(await client.post('/api/email-change/', { email, code: '000000' }), 400, 'invalid');
    const wrong = await client.post('/api/account-proof/', { password: await encryptPassword(server.base, 'nope12345') });
    expect(wrong.body.errors.password).toEqual(['密码不正确']);
    expect((await client.post('/api/account-proof/', {})).body.errors.password).toEqual(['请输入登录密码或短信验证码']);
    expect((await client.post('/api/account-proof/', { code: '12' })).status).toBe(400);
    clock.advance(61_000);
    expect((await client.post('/api/codes/self/')).status).toBe(200);
    const byCode = await client.post('/api/account-proof/', { code: await lastSmsCode(server.base, mobile) });
    expect(byCode.body).toEqual({ detail: '身份验证成功', valid_seconds: 600 });
    clock.advance(10 * 60_000 + 1000);
    expectErrorBody(await client.post('/api/email-change/', { email: 'a@example.com', code: '123456' }), 400, 'proof_required');
    expectErrorBody(await new Client(server.base).post('/api/account-proof/', { password: 'x' }), 403, 'not_authenticated');
  });

  test('a phone change proven by the password: recorded, and the old phone is told', async () => {
    const { client, mobile } = await registeredClient(server.base);
    await proveByPassword(client);
    const next = newPhone();
    const changed = await client.post('/api/change-mobile/', { mobile: next, code: await smsCode(client, next, 'REGISTER') });
    expect(changed.status).toBe(200);
    expect((await actionsOf(client))[0]).toEqual(['change_mobile', 2]);
    expect((await outbox(server.base, { mobile }))[0]).toMatchObject({ code: null, body: expect.stringContaining('更换手机号') });
  });

  test('a password change ends the sessions of both browsers; recorded and told by SMS', async () => {
    const { client, mobile } = await registeredClient(server.base);
    const other = (await passwordLogin(server.base, mobile)).client;
    const changed = await client.patch('/api/users/0/', {
      modify_type: 2,
      old_password: await encryptPassword(server.base, PASSWORD),
      password: await encryptPassword(server.base, 'newpass123'),
    });
    expect(changed.body).toEqual({ detail: '密码修改成功，请重新登录', password_changed: true });
    expect((await client.get('/api/users/0/')).status).toBe(403);
    expect((await other.get('/api/users/0/')).status).toBe(403);
    const back = await passwordLogin(server.base, mobile, 'newpass123');
    expect((await actionsOf(back.client)).slice(0, 2)).toEqual([['login', 1], ['change_password', 1]]);
    expect((await outbox(server.base, { mobile }))[0].body).toContain('修改登录密码');
  });

  test('sign out every other device: this one stays, the others are visitors at once', async () => {
    const { client, mobile } = await registeredClient(server.base);
    const second = (await passwordLogin(server.base, mobile)).client;
    const third = (await passwordLogin(server.base, mobile)).client;
    expect((await client.get('/api/login-devices/')).body.count).toBe(3);
    const done = await second.post('/api/login-devices/sign-out-others/');
    expect(done.body).toEqual({ detail: '已下线其他 2 台设备', count: 2 });
    expect((await client.get('/api/users/0/')).status).toBe(403);
    expect((await third.get('/api/users/0/')).status).toBe(403);
    const left = await second.get('/api/login-devices/');
    expect(left.body.results).toEqual([expect.objectContaining({ current: true, action: 'login' })]);
    expect((await second.post('/api/login-devices/sign-out-others/')).body.count).toBe(0);
    expect((await actionsOf(second))[0]).toEqual(['sign_out_others', 1]);
    expectErrorBody(await new Client(server.base).post('/api/login-devices/sign-out-others/'), 403, 'not_authenticated');
  });

  test('unbinding a third-party account needs a fresh proof and is recorded', async () => {
    const { client } = await registeredClient(server.base);
    await proveByPassword(client);
    expect((await client.post('/api/trd-account-bind/', { provider: 'weixin_miniapp', code: 'dora.1' })).status).toBe(201);
    clock.advance(10 * 60_000 + 1000);
    expectErrorBody(await client.delete('/api/trd-account-bind/weixin_miniapp/'), 400, 'proof_required');
    await proveByPassword(client);
    expect((await client.delete('/api/trd-account-bind/weixin_miniapp/')).status).toBe(204);
    expect((await actionsOf(client)).slice(0, 2)).toEqual([['unbind_trd', 2], ['bind_trd', 2]]);
  });
});
