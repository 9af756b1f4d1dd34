import { engines, expectErrorBody, useEngine } from './helpers';
import { Client, registeredClient, testClock } from './accounts-helpers';
import { seededDocs } from './content-helpers';
import { eventually, expectConsistent, orderState, paySite, type PaySite } from './pay-helpers';

const DAY = 24 * 3600 * 1000;

/** Every staff settings endpoint, with a request that would pass validation. */
const ENDPOINTS: [method: 'get' | 'patch' | 'post', path: string, body?: unknown][] = [
  ['get', '/api/staff/settings/coins/'],
  ['patch', '/api/staff/settings/coins/', { freeze_days: 3 }],
  ['get', '/api/staff/settings/pay/'],
  ['patch', '/api/staff/settings/pay/', { order_ttl_minutes: 20 }],
  ['get', '/api/staff/price-policy/'],
  ['post', '/api/staff/price-policy/', { name: '测试包', price: 100, downloads: 1, valid_days: 1 }],
  ['patch', '/api/staff/price-policy/1/', { sequence: 9 }],
];

async function call(client: Client, [method, path, body]: (typeof ENDPOINTS)[number]) {
  return method === 'get' ? client.get(path) : client[method](path, body);
}

describe.each(engines())('staff settings (%s)', (engine) => {
  const db = useEngine(engine, __filename);
  const clock = testClock();
  let site: PaySite;
  let staff: Client;
  beforeAll(async () => {
    site = await paySite(db.options(), clock);
    const made = await registeredClient(site.base);
    staff = made.client;
    const granted = await staff.post('/api/dev/staff-role/', { mobile: made.mobile, role: 'finance' });
    expect(granted.body).toEqual({ uid: made.uid, roles: ['finance'] });
  });
  afterAll(async () => {
    await site?.close();
  });

  test('visitors, users and other staff roles get 403; nothing changes', async () => {
    const before = (await staff.get('/api/staff/settings/coins/')).body;
    const { client: user, mobile } = await registeredClient(site.base);
    for (const endpoint of ENDPOINTS) {
      const visitor = await call(new Client(site.base), endpoint);
      expect({ endpoint, status: visitor.status }).toEqual({ endpoint, status: 403 });
      expectErrorBody(await call(user, endpoint), 403, 'staff_only');
    }
    expect((await user.post('/api/dev/staff-role/', { mobile, role: 'reviewer' })).status).toBe(200);
    for (const endpoint of ENDPOINTS) expectErrorBody(await call(user, endpoint), 403, 'staff_only');
    expect((await staff.get('/api/staff/settings/coins/')).body).toEqual(before);
    expect((await staff.get('/api/staff/settings/pay/')).body.order_ttl_minutes).toBe(15);
  });

  test('coin rules: any subset within bounds; bad values are Chinese 400s; min above max is refused', async () => {
    const read = await staff.get('/api/staff/settings/coins/');
    expect(read.body).toMatchObject({ coin_value_fen: 1, uploader_share_bp: 7000, freeze_days: 7, min_withdraw_coins: 1000, max_withdraw_coins: 500000 });
    const changed = await staff.patch('/api/staff/settings/coins/', { uploader_share_bp: 6000, daily_withdraw_count: 5 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ uploader_share_bp: 6000, daily_withdraw_count: 5, freeze_days: 7 });
    expect((await staff.get('/api/staff/settings/coins/')).body).toEqual(changed.body);
    const bad: [Record<string, unknown>, string][] = [
      [{ uploader_share_bp: 10001 }, '上传者分成应为 0 到 10000（万分之几）'],
      [{ freeze_days: -1 }, '冻结天数应为 0 到 90 天'],
      [{ coin_value_fen: 0 }, '金币价值应为 1 到 100 分'],
      [{ fee_rate_bp: 1.5 }, '手续费率应为 0 到 5000（万分之几）'],
      [{ min_withdraw_coins: 600000 }, '单笔最多提现金币不能少于单笔最少提现金币'],
      [{}, '请至少修改一项设置'],
    ];
    for (const [body, message] of bad) {
      const res = await staff.patch('/api/staff/settings/coins/', body);
      expect({ body, status: res.status, text: JSON.stringify(res.body) }).toEqual({ body, status: 400, text: expect.stringContaining(message) });
    }
    expect((await staff.patch('/api/staff/settings/coins/', { surprise: 1 })).status).toBe(400);
    const restored = await staff.patch('/api/staff/settings/coins/', { uploader_share_bp: 7000, daily_withdraw_count: 3 });
    expect(restored.body).toMatchObject({ uploader_share_bp: 7000, daily_withdraw_count: 3 });
  });

  test('a shorter freeze period releases coins already frozen; a longer one moves no promised date', async () => {
    const { client: seller, uid } = await registeredClient(site.base);
    const [doc] = await seededDocs(site.app, `d.status = 1 AND d.price > 0 AND NOT d.free_quota_ok AND d.id NOT IN (SELECT docs_id FROM coin_earnings WHERE docs_id IS NOT NULL)`, 1);
    const assigned = await seller.post('/api/dev/assign-doc/', { docs: doc.id, uid });
    expect(assigned.body).toMatchObject({ docs: doc.id, uploader: uid, price: doc.price });
    const { client: buyer } = await registeredClient(site.base);
    const order = await buyer.post('/api/order-info/', { type: 'docs', docs: doc.id, pay_method: 'wxpay', channel: 'native' });
    await site.wxpay.pay(order.body.order_no);
    await eventually(async () => (await orderState(site.app, order.body.order_no)) === 'paid', 'the sale');
    const share = Math.floor((doc.price * 7000) / 10_000);
    expect((await seller.get('/api/coin-balance/')).body).toMatchObject({ available: 0, frozen: share });
    await staff.patch('/api/staff/settings/coins/', { freeze_days: 30 });
    clock.advance(7 * DAY + 1000);
    expect((await seller.get('/api/coin-balance/')).body).toMatchObject({ available: share, frozen: 0 });

    const [second] = await seededDocs(site.app, `d.status = 1 AND d.price > 0 AND NOT d.free_quota_ok AND d.id NOT IN (SELECT docs_id FROM coin_earnings WHERE docs_id IS NOT NULL) AND d.id <> ${doc.id}`, 1);
    await seller.post('/api/dev/assign-doc/', { docs: second.id, uid });
    const again = await buyer.post('/api/order-info/', { type: 'docs', docs: second.id, pay_method: 'wxpay', channel: 'native' });
    await site.wxpay.pay(again.body.order_no);
    await eventually(async () => (await orderState(site.app, again.body.order_no)) === 'paid', 'the second sale');
    expect((await seller.get('/api/coin-balance/')).body.frozen).toBeGreaterThan(0);
    const zero = await staff.patch('/api/staff/settings/coins/', { freeze_days: 0 });
    expect(zero.body.freeze_days).toBe(0);
    expect((await seller.get('/api/coin-balance/')).body).toMatchObject({ frozen: 0, available: share + Math.floor((second.price * 7000) / 10_000) });
    await staff.patch('/api/staff/settings/coins/', { freeze_days: 7 });
    await expectConsistent(site);
  });

  test('payment rules: a new order lifetime applies to new orders; bounds are Chinese 400s', async () => {
    const changed = await staff.patch('/api/staff/settings/pay/', { order_ttl_minutes: 30, redownload_days: 100 });
    expect(changed.body).toMatchObject({ order_ttl_minutes: 30, guest_access_days: 7, redownload_days: 100 });
    const { client: buyer } = await registeredClient(site.base);
    const order = await buyer.post('/api/order-info/', { type: 'package', price_policy: 1, pay_method: 'alipay', channel: 'precreate' });
    expect(order.status).toBe(201);
    expect(Date.parse(order.body.expire_time) - Date.parse(order.body.create_time)).toBe(30 * 60 * 1000);
    for (const [body, message] of [
      [{ order_ttl_minutes: 4 }, '订单有效期应为 5 到 120 分钟'],
      [{ guest_access_days: 366 }, '游客下载有效期应为 1 到 365 天'],
      [{ redownload_days: 'x' }, '重复下载有效期应为 1 到 3650 天'],
      [{}, '请至少修改一项设置'],
    ] as const) {
      const res = await staff.patch('/api/staff/settings/pay/', body);
      expect({ status: res.status, text: JSON.stringify(res.body) }).toEqual({ status: 400, text: expect.stringContaining(message) });
    }
    await staff.patch('/api/staff/settings/pay/', { order_ttl_minutes: 15, redownload_days: 365 });
  });

  test('packages: staff add one, change it and take it off sale; the public list follows; cross-field checks', async () => {
    const listed = (await staff.get('/api/staff/price-policy/')).body;
    expect(listed.count).toBeGreaterThanOrEqual(4);
    const created = await staff.post('/api/staff/price-policy/', { name: ' 周末包 ', description: '两天内可下载 3 份', price: 500, original_price: 800, downloads: 3, valid_days: 2, sequence: 5 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: '周末包', price: 500, original_price: 800, max_doc_price: null, unit_price: 167, active: true, recommended: false });
    const publicNames = async () => (await new Client(site.base).get('/api/price-policy/?page_size=100')).body.results.map((p: { name: string }) => p.name);
    expect(await publicNames()).toContain('周末包');
    const cheaper = await staff.patch(`/api/staff/price-policy/${created.body.id}/`, { price: 400, max_doc_price: 1000 });
    expect(cheaper.body).toMatchObject({ price: 400, original_price: 800, max_doc_price: 1000, name: '周末包' });
    const off = await staff.patch(`/api/staff/price-policy/${created.body.id}/`, { active: false });
    expect(off.body.active).toBe(false);
    expect(await publicNames()).not.toContain('周末包');
    expect((await staff.get('/api/staff/price-policy/?page_size=100')).body.results.map((p: { id: number }) => p.id)).toContain(created.body.id);
    const bad: [string, 'post' | 'patch', Record<string, unknown>, string][] = [
      ['/api/staff/price-policy/', 'post', { name: '低价', price: 900, original_price: 100, downloads: 1, valid_days: 1 }, '划线价不能低于价格'],
      ['/api/staff/price-policy/', 'post', { name: '缺字段', price: 900 }, '请填写下载次数'],
      ['/api/staff/price-policy/', 'post', { name: '', price: 900, downloads: 1, valid_days: 1 }, '套餐名称应为 1 到 50 个字'],
      ['/api/staff/price-policy/', 'post', { name: '   ', price: 900, downloads: 1, valid_days: 1 }, '请填写套餐名称'],
      [`/api/staff/price-policy/${created.body.id}/`, 'patch', { price: 900 }, '划线价不能低于价格'],
      [`/api/staff/price-policy/${created.body.id}/`, 'patch', { price: 0 }, '价格应为 1 分到 100 万元（单位：分）'],
      [`/api/staff/price-policy/${created.body.id}/`, 'patch', {}, '请至少修改一项'],
    ];
    for (const [path, method, body, message] of bad) {
      const res = await staff[method](path, body);
      expect({ body, status: res.status, text: JSON.stringify(res.body) }).toEqual({ body, status: 400, text: expect.stringContaining(message) });
    }
    expectErrorBody(await staff.patch('/api/staff/price-policy/999999/', { active: true }), 404, 'not_found');
  });

  test('admin holds every role; the dev route refuses a phone without an account', async () => {
    const { client: admin, mobile } = await registeredClient(site.base);
    expect((await admin.post('/api/dev/staff-role/', { mobile, role: 'admin' })).body.roles).toEqual(['admin']);
    expect((await admin.get('/api/staff/settings/pay/')).status).toBe(200);
    expectErrorBody(await admin.post('/api/dev/staff-role/', { mobile: '13000000001', role: 'admin' }), 404, 'user_not_found');
    expect((await admin.post('/api/dev/staff-role/', { mobile, role: 'owner' })).status).toBe(400);
  });
});
