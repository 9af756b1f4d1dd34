import { passwordLogin, registeredClient, useAccountServer } from './accounts-helpers';
import { engines, expectErrorBody } from './helpers';

// PATCH /api/users/{uid}/ for the my-page editor: nickname, gender, intro and an avatar that is an img-storage url;
// GET /api/users/{id}/ of someone else shows only the public fields.
describe.each(engines())('profile editing on %s', (engine) => {
  const server = useAccountServer(engine, __filename);

  test('staff_roles: in my own info and my login answers (empty when not staff), never in anyone else\'s view', async () => {
    const me = await registeredClient(server.base);
    const other = await registeredClient(server.base);
    expect((await me.client.get('/api/users/0/')).body.staff_roles).toEqual([]);
    for (const role of ['reviewer', 'finance']) {
      expect((await me.client.post('/api/dev/staff-role/', { mobile: me.mobile, role })).status).toBe(200);
    }
    expect((await me.client.get('/api/users/0/')).body.staff_roles).toEqual(['finance', 'reviewer']);
    expect((await me.client.get(`/api/users/${me.uid}/`)).body.staff_roles).toEqual(['finance', 'reviewer']);
    const login = await passwordLogin(server.base, me.mobile);
    expect(login.answer.body.staff_roles).toEqual(['finance', 'reviewer']);
    const seen = await other.client.get(`/api/users/${me.uid}/`);
    expect(seen.status).toBe(200);
    expect(seen.body).not.toHaveProperty('staff_roles');
    expect((await other.client.get('/api/users/0/')).body.staff_roles).toEqual([]);
  });

  test('avatar, intro and gender are saved and shown to others; private fields never are', async () => {
    const me = await registeredClient(server.base);
    const res = await me.client.patch(`/api/users/${me.uid}/`, { avatar: '/api/img-storage/12/', intro: '爱读书', gender: 'female', nickname: '读书人' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ avatar: '/api/img-storage/12/', intro: '爱读书', gender: 'female', nickname: '读书人' });
    const other = await registeredClient(server.base);
    const seen = await other.client.get(`/api/users/${me.uid}/`);
    expect(seen.body).toEqual({ uid: me.uid, nickname: '读书人', level: 1, gender: 'female', avatar: '/api/img-storage/12/', intro: '爱读书' });
    // an empty avatar takes it away
    expect((await me.client.patch('/api/users/0/', { avatar: '' })).body.avatar).toBe('');
  });

  test('an avatar that is not an img-storage url is refused with a Chinese message, and nothing is saved', async () => {
    const me = await registeredClient(server.base);
    for (const avatar of ['https://evil.example/a.png', '/avatar.png', '/api/img-storage/abc/', '/api/img-storage/1', 'javascript:alert(1)']) {
      const res = await me.client.patch('/api/users/0/', { avatar, intro: '不应保存' });
      expectErrorBody(res, 400, 'invalid');
      expect(res.body.errors.avatar).toEqual(['头像地址不正确']);
    }
    const own = await me.client.get('/api/users/0/');
    expect(own.body).toMatchObject({ avatar: '', intro: '' });
    const long = await me.client.patch('/api/users/0/', { intro: '字'.repeat(501) });
    expect(long.body.errors.intro).toEqual(['个人简介不能超过500个字符']);
    expect((await me.client.patch('/api/users/0/', { gender: 'other' })).body.errors.gender).toEqual(['性别不正确']);
  });
});
