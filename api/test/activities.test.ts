import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { ledgerProblems, balanceOf } from '../src/modules/ledger';
import { packetClaims } from '../src/modules/activities/repositories/red-packets';
import { nextShare, splitAll } from '../src/modules/activities/services/split';
import { tokenHash } from '../src/modules/accounts/sessions';
import { engines, useEngine } from './helpers';
import { Client, encryptPassword, newPhone, PASSWORD, registeredClient, smsCode, testClock } from './accounts-helpers';
import { addTextDoc } from './content-helpers';
import { paySite, type PaySite } from './pay-helpers';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

describe('red packet split (double-average)', () => {
  test('every share is at least the minimum unit, never more than twice the average left, and they sum to the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.infiniteStream(fc.nat()),
        (shares, minUnit, extra, randoms) => {
          const total = shares * minUnit + extra;
          const below = (n: number) => randoms.next().value % n;
          const out = splitAll(total, shares, minUnit, below);
          expect(out).toHaveLength(shares);
          expect(out.reduce((a, b) => a + b, 0)).toBe(total);
          let left = total;
          out.forEach((share, i) => {
            expect(share).toBeGreaterThanOrEqual(minUnit);
            if (i < shares - 1) expect(share).toBeLessThanOrEqual(Math.max(minUnit, Math.floor((2 * left) / (shares - i))));
            left -= share;
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  test('a split that cannot give everyone the minimum is refused', () => {
    expect(() => nextShare(9, 10, 1)).toThrow();
    expect(nextShare(10, 1, 1)).toBe(10);
  });
});

/** `n` active users, each logged in (rows written directly: registering a thousand through SMS would take minutes). */
async function manyUsers(site: PaySite, n: number, now: Date): Promise<Client[]> {
  const base = 13_000_000_000 + Math.floor(Math.random() * 1e8);
  const users = await site.app.db.query<{ id: number }>(
    `INSERT INTO users (country_code, mobile, nickname, register_platform, create_time, update_time)
     SELECT '86', ($1::bigint + g)::text, '用户' || g, '3', $2, $2 FROM generate_series(1, $3::int) g RETURNING id`,
    [base, now, n],
  );
  return Promise.all(
    users.map(async ({ id }) => {
      const token = randomBytes(24).toString('base64url');
      const csrf = randomBytes(16).toString('base64url');
      await site.app.db.query(
        `INSERT INTO sessions (token_hash, user_id, csrf_token, login_type, create_time, last_active_time, expire_time) VALUES ($1, $2, $3, 1, $4, $4, $5)`,
        [tokenHash(token), id, csrf, now, new Date(now.getTime() + DAY)],
      );
      const client = new Client(site.base);
      client.cookies.set('sessionid', token);
      client.cookies.set('csrftoken', csrf);
      return client;
    }),
  );
}

async function registerWith(base: string, client: Client, inviteCode: string, mobile = newPhone()) {
  const code = await smsCode(client, mobile, 'REGISTER');
  return client.post('/api/users/', { username: mobile, password: await encryptPassword(base, PASSWORD), code, platform: 3, invite_code: inviteCode });
}

describe.each(engines())('activities (%s)', (engine) => {
  const db = useEngine(engine, __filename);
  const clock = testClock();
  let site: PaySite;
  let admin: Client;
  let category: number;
  beforeAll(async () => {
    site = await paySite(db.options(), clock);
    const made = await registeredClient(site.base);
    admin = made.client;
    await admin.post('/api/dev/staff-role/', { mobile: made.mobile, role: 'admin' });
    [{ id: category }] = await site.app.db.query<{ id: number }>('SELECT id FROM content_categories ORDER BY id LIMIT 1');
  });
  afterAll(async () => {
    await site?.close();
  });

  test('the staff API is for admins: visitors, users and other staff roles get 403', async () => {
    const { client: user, mobile } = await registeredClient(site.base);
    const body = { kind: 'upload_theme', title: '测试', start_time: clock.now().toISOString(), end_time: new Date(clock.now().getTime() + DAY).toISOString() };
    for (const c of [new Client(site.base), user]) {
      expect((await c.post('/api/staff/activities/', body)).status).toBe(403);
      expect((await c.get('/api/staff/activities/')).status).toBe(403);
      expect((await c.post('/api/staff/red-packets/', { title: '红包', total_coins: 10, shares: 2 })).status).toBe(403);
    }
    await user.post('/api/dev/staff-role/', { mobile, role: 'finance' });
    const refused = await user.post('/api/staff/activities/', body);
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 403, message: '需要管理员权限' });
    const bad = await admin.post('/api/staff/activities/', { ...body, end_time: body.start_time });
    expect({ status: bad.status, message: bad.body.message }).toEqual({ status: 400, message: '结束时间应晚于开始时间' });
  });

  test('the activities and their rules are public data staff edit', async () => {
    const list = await new Client(site.base).get('/api/activity-info/');
    expect(list.status).toBe(200);
    expect(list.body.results.map((a: { kind: string }) => a.kind)).toEqual(expect.arrayContaining(['upload_theme', 'new_user', 'invite']));
    const gift = list.body.results.find((a: { kind: string }) => a.kind === 'new_user');
    const changed = await admin.patch(`/api/staff/activities/${gift.id}/`, { rules: '1. 新规则：每人一次。' });
    expect(changed.status).toBe(200);
    expect((await new Client(site.base).get(`/api/activity-info/${gift.id}/`)).body).toMatchObject({ rules: '1. 新规则：每人一次。', mine: null });
    expect((await new Client(site.base).get('/api/activity-info/999999/')).status).toBe(404);
  });

  test('an upload theme: join, approved uploads in its category during the period count, then the prize is claimed once', async () => {
    const now = clock.now();
    const theme = await admin.post('/api/staff/activities/', {
      kind: 'upload_theme', title: '法律文书上传季', category, target_count: 2, reward_coins: 120,
      start_time: new Date(now.getTime() - HOUR).toISOString(), end_time: new Date(now.getTime() + 10 * DAY).toISOString(),
    });
    expect(theme.status).toBe(201);
    const id = theme.body.id;
    const { client, uid } = await registeredClient(site.base);
    expect((await client.post('/api/activity-parti/', { activity: id })).body.message).toBe('请先报名参加活动');
    const joined = await client.post('/api/theme-parti/', { activity: id });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ joined_count: 1, mine: { joined: true, progress: 0, target: 2, claimable: false, claimed: false } });
    await addTextDoc(site.app, { title: '合同范本一', body: '合同', categoryId: category, uploaderId: uid, createTime: now });
    // before the period: does not count; an unpublished one does not count
    await addTextDoc(site.app, { title: '合同范本旧', body: '合同', categoryId: category, uploaderId: uid, createTime: new Date(now.getTime() - 2 * HOUR) });
    const pending = await addTextDoc(site.app, { title: '合同范本二', body: '合同', categoryId: category, uploaderId: uid, createTime: now });
    await site.app.db.query('UPDATE documents SET status = 0 WHERE id = $1', [pending]);
    let detail = (await client.get(`/api/activity-info/${id}/`)).body;
    expect(detail.mine).toMatchObject({ progress: 1, claimable: false, reason: '还差 1 篇通过审核的文档' });
    await site.app.db.query('UPDATE documents SET status = 1 WHERE id = $1', [pending]);
    detail = (await client.get(`/api/activity-info/${id}/`)).body;
    expect(detail.mine).toMatchObject({ progress: 2, claimable: true });
    const claimed = await client.post('/api/activity-parti/', { activity: id });
    expect(claimed.status).toBe(201);
    expect(claimed.body).toMatchObject({ kind: 'theme_prize', coins: 120, activity: id, state: 'credited' });
    expect((await client.post('/api/activity-parti/', { activity: id })).status).toBe(409);
    expect((await client.get('/api/coin-balance/')).body.available).toBe(120);
    const claims = (await client.get('/api/activity-parti/')).body;
    expect(claims.count).toBe(1);
    expect((await client.get(`/api/activity-parti/${claims.results[0].id}/`)).body).toEqual(claims.results[0]);
    const records = (await client.get('/api/coin-records/?kind=reward')).body.results;
    expect(records[0]).toMatchObject({ available_change: 120 });
    expect(await ledgerProblems(site.app.db)).toEqual([]);
  });

  test('the new-user gift: once per account, per phone and per device', async () => {
    const gift = (await new Client(site.base).get('/api/activity-info/?kind=new_user')).body.results[0];
    const { client } = await registeredClient(site.base);
    const first = await client.post('/api/activity-parti/', { activity: gift.id });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ kind: 'new_user_gift', coins: gift.reward_coins });
    expect((await client.post('/api/activity-parti/', { activity: gift.id })).status).toBe(409);
    // a second account registered on the same browser
    const mobile = newPhone();
    const code = await smsCode(client, mobile, 'REGISTER');
    expect((await client.post('/api/users/', { username: mobile, password: await encryptPassword(site.base, PASSWORD), code, platform: 3 })).status).toBe(201);
    const again = await client.post('/api/activity-parti/', { activity: gift.id });
    expect({ status: again.status, message: again.body.message }).toEqual({ status: 409, message: '该手机号或设备已领取过新人礼包' });
    // an old account may not
    const { client: old } = await registeredClient(site.base);
    clock.advance(8 * DAY);
    const late = await old.post('/api/activity-parti/', { activity: gift.id });
    expect({ status: late.status, message: late.body.message }).toEqual({ status: 400, message: '仅限注册 7 天内的新用户领取' });
  });

  test('invite codes: 5 digits, checked; wrong ones and self-invitation are refused; both are rewarded once the invitee uploads', async () => {
    const { client: inviter, uid: inviterId } = await registeredClient(site.base, { nickname: '邀请人小王' });
    const mine = await inviter.get('/api/invite-code/');
    expect(mine.status).toBe(200);
    expect(mine.body.code).toMatch(/^[1-9][0-9]{4}$/);
    expect(mine.body.link).toContain(`/app/user/reg/mobile?invite=${mine.body.code}`);
    expect(mine.body.qr).toMatch(/^data:image\/png;base64,/);
    expect((await inviter.get('/api/invite-code/')).body.code).toBe(mine.body.code);
    const code: string = mine.body.code;
    expect((await new Client(site.base).get(`/api/invite-code-valid/${code}/`)).body).toEqual({ valid: true, inviter: '邀***' });
    for (const wrong of ['12ab5', '1234', '123456']) {
      const answer = await new Client(site.base).get(`/api/invite-code-valid/${wrong}/`);
      expect({ status: answer.status, errors: answer.body.errors }).toEqual({ status: 400, errors: { code: ['邀请码不正确'] } });
    }
    const [{ free }] = await site.app.db.query<{ free: string }>(
      `SELECT g::text AS free FROM generate_series(10000, 99999) g WHERE NOT EXISTS (SELECT 1 FROM invite_codes c WHERE c.code = g::text) LIMIT 1`,
    );
    const unknown = await new Client(site.base).get(`/api/invite-code-valid/${free}/`);
    expect({ status: unknown.status, message: unknown.body.message }).toEqual({ status: 400, message: '邀请码不正确' });
    const unknownReg = await registerWith(site.base, new Client(site.base), free);
    expect({ status: unknownReg.status, message: unknownReg.body.message }).toEqual({ status: 400, message: '邀请码不正确' });
    // the inviter's own browser registering another account with the code
    const self = await registerWith(site.base, inviter, code);
    expect({ status: self.status, message: self.body.message }).toEqual({ status: 400, message: '不能使用自己的邀请码' });

    const invitee = new Client(site.base);
    const registered = await registerWith(site.base, invitee, code);
    expect(registered.status).toBe(201);
    const inviteeId = registered.body.uid;
    // registered but nothing real yet: no reward
    expect((await invitee.get('/api/activity-parti/')).body.count).toBe(0);
    expect((await inviter.get('/api/invite-code/invitees/')).body.results[0]).toMatchObject({ state: 'pending', coins: 0 });
    await addTextDoc(site.app, { title: '受邀用户的文档', body: '正文', categoryId: category, uploaderId: inviteeId, createTime: clock.now() });
    const inviteeClaims = (await invitee.get('/api/activity-parti/')).body.results;
    expect(inviteeClaims).toEqual([expect.objectContaining({ kind: 'invite_invitee', coins: 50 })]);
    const inviterClaims = (await inviter.get('/api/activity-parti/')).body.results;
    expect(inviterClaims).toEqual([expect.objectContaining({ kind: 'invite_inviter', coins: 200 })]);
    expect((await inviter.get('/api/invite-code/')).body).toMatchObject({ invited: 1, rewarded: 1, earned_coins: 200 });
    expect((await inviter.get('/api/invite-code/invitees/')).body.results[0]).toMatchObject({ state: 'rewarded', coins: 200 });
    expect((await inviter.get('/api/coin-records/?kind=reward')).body.results[0]).toMatchObject({ available_change: 200 });
    // the sweep finds nothing more to pay
    expect(await site.app.activities.sweep()).toBe(0);
    expect(await balanceOf(site.app.db, `coins:u:${inviterId}:available`)).toBe(200);
    expect(await ledgerProblems(site.app.db)).toEqual([]);
  });

  test('a user sends a red packet from their coins; shares add up; nobody opens twice; leftovers return on expiry', async () => {
    const { client: sender, uid } = await registeredClient(site.base);
    const poor = await sender.post('/api/red-packets/', { title: '新年快乐', total_coins: 50, shares: 5 });
    expect({ status: poor.status, message: poor.body.message }).toEqual({ status: 400, message: '可用金币不足' });
    const gift = (await new Client(site.base).get('/api/activity-info/?kind=new_user')).body.results[0];
    expect((await sender.post('/api/activity-parti/', { activity: gift.id })).status).toBe(201);
    const tooMany = await sender.post('/api/red-packets/', { title: '新年快乐', total_coins: 3, shares: 5 });
    expect(tooMany.status).toBe(400);
    const sent = await sender.post('/api/red-packets/', { title: '新年快乐', total_coins: 50, shares: 5, expire_hours: 1 });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ total_coins: 50, remaining_shares: 5, state: 'open' });
    expect(await balanceOf(site.app.db, `coins:u:${uid}:available`)).toBe(gift.reward_coins - 50);
    const { client: a } = await registeredClient(site.base);
    const { client: b } = await registeredClient(site.base);
    const opened = await a.post(`/api/red-packets/${sent.body.id}/open/`);
    expect(opened.status).toBe(200);
    const twice = await a.post(`/api/red-packets/${sent.body.id}/open/`);
    expect({ status: twice.status, message: twice.body.message }).toEqual({ status: 409, message: '你已领过这个红包' });
    const openedB = await b.post(`/api/red-packets/${sent.body.id}/open/`);
    expect((await a.get('/api/red-packets/')).body.results[0]).toMatchObject({ id: sent.body.id, my_coins: opened.body.coins });
    expect((await sender.get('/api/red-packets/?box=sent')).body.results[0]).toMatchObject({ remaining_shares: 3 });
    clock.advance(2 * HOUR);
    const late = await new Client(site.base).get(`/api/red-packets/${sent.body.id}/`);
    expect(late.body.state).toBe('open');
    expect(await site.app.activities.sweep()).toBeGreaterThanOrEqual(1);
    const expired = (await sender.get(`/api/red-packets/${sent.body.id}/`)).body;
    const left = 50 - opened.body.coins - openedB.body.coins;
    expect(expired).toMatchObject({ state: 'expired', returned_coins: left });
    expect(await balanceOf(site.app.db, `coins:u:${uid}:available`)).toBe(gift.reward_coins - 50 + left);
    const { client: c } = await registeredClient(site.base);
    expect((await c.post(`/api/red-packets/${sent.body.id}/open/`)).status).toBe(410);
    expect(await ledgerProblems(site.app.db)).toEqual([]);
  });

  test('1,000 concurrent openings of a red packet of 100 shares: exactly 100 succeed, they sum to the total, nobody holds two', async () => {
    const packet = await admin.post('/api/staff/red-packets/', { title: '官方红包', total_coins: 10_000, shares: 100, expire_hours: 24 });
    expect(packet.status).toBe(201);
    const clients = await manyUsers(site, 1000, clock.now());
    const answers = await Promise.all(clients.map((c) => c.post(`/api/red-packets/${packet.body.id}/open/`)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(100);
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body.message}`))).toEqual(new Set(['410 手慢了，红包已领完']));
    expect(ok.reduce((sum, a) => sum + a.body.coins, 0)).toBe(10_000);
    const claims = await packetClaims(site.app.db, packet.body.id);
    expect(claims).toHaveLength(100);
    expect(new Set(claims.map((c) => c.user_id)).size).toBe(100);
    expect(claims.reduce((sum, c) => sum + Number(c.coins), 0)).toBe(10_000);
    expect(claims.every((c) => Number(c.coins) >= 1)).toBe(true);
    expect((await admin.get(`/api/red-packets/${packet.body.id}/`)).body).toMatchObject({ state: 'finished', remaining_coins: 0, remaining_shares: 0 });
    expect(await balanceOf(site.app.db, `redpacket:${packet.body.id}`)).toBe(0);
    expect(await ledgerProblems(site.app.db)).toEqual([]);
  });
});
