import { AlipayError } from '../src/infra/payments/alipay/adapter';
import { engines, useEngine } from './helpers';
import { Client, registeredClient, testClock } from './accounts-helpers';
import { seededDocs } from './content-helpers';
import { eventually, expectConsistent, orderState, paySite, type PaySite } from './pay-helpers';

/** A public paid document not uploaded by `uid`, that the daily free quota may not take. */
async function paidDoc(site: PaySite, opts: { freeQuotaOk?: boolean; maxPrice?: number } = {}): Promise<{ id: number; price: number; title: string }> {
  const [doc] = await seededDocs(site.app, `d.status = 1 AND d.price > 0 AND d.price <= ${opts.maxPrice ?? 2000} AND d.free_quota_ok = ${opts.freeQuotaOk ? 'true' : 'false'}`, 1);
  if (!doc) throw new Error('the seed has no such paid document');
  return doc;
}

async function paidDocs(site: PaySite, n: number): Promise<{ id: number; price: number }[]> {
  return seededDocs(site.app, 'd.status = 1 AND d.price > 0 AND d.price <= 2000 AND NOT d.free_quota_ok', n);
}

describe.each(engines())('payments (%s)', (engine) => {
  const db = useEngine(engine, __filename);
  const clock = testClock();
  let site: PaySite;
  beforeAll(async () => {
    site = await paySite(db.options(), clock);
  });
  afterAll(async () => {
    await site?.close();
  });

  test('the download packages, in their order, with the price of one download', async () => {
    const res = await new Client(site.base).get('/api/price-policy/?ordering=sequence');
    expect(res.status).toBe(200);
    expect(res.body.results.map((p: { name: string }) => p.name)).toEqual(['体验包', '月度包', '季度包', '年度包']);
    const month = res.body.results[1];
    expect(month).toMatchObject({ price: 2990, downloads: 30, valid_days: 30, unit_price: 100, recommended: true });
    const byPrice = await new Client(site.base).get('/api/price-policy/?ordering=-price');
    expect(byPrice.body.results[0].name).toBe('年度包');
  });

  test('a user buys a document through WeChat Native: QR, pay, notification, unlocked download, one ledger entry', async () => {
    const { client } = await registeredClient(site.base);
    const doc = await paidDoc(site);
    const before = await client.post(`/api/user-download/docs/${doc.id}/`);
    expect(before.status).toBe(402);
    const created = await client.post('/api/order-info/', { type: 'docs', docs: doc.id, pay_method: 'wxpay', channel: 'native' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'docs', docs: doc.id, amount: doc.price, state: 'paying', state_label: '待支付' });
    expect(created.body.pay.kind).toBe('qr');
    expect(created.body.pay.code_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const orderNo: string = created.body.order_no;
    site.wxpay.setFault(orderNo, 'duplicate');
    await site.wxpay.pay(orderNo);
    await eventually(async () => (await orderState(site.app, orderNo)) === 'paid', 'the notification');
    const query = await client.get(`/api/wxpay/query/order/${orderNo}/`);
    expect(query.body).toMatchObject({ state: 'paid', paid: true, next: { route: `articles/docs/detail/${doc.id}` } });
    const link = await client.post(`/api/user-download/docs/${doc.id}/`);
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({ kind: 'paid', message: '已购买，本次下载免费' });
    // both copies of the notification arrived; one settled, the other found it settled
    await eventually(async () => {
      const rows = await site.app.db.query<{ outcome: string }>('SELECT outcome FROM payment_notifications WHERE out_trade_no = $1', [orderNo]);
      return rows.length >= 2 && rows;
    }, 'both notifications');
    const entries = await site.app.db.query('SELECT e.id FROM ledger_entries e JOIN orders o ON o.id = e.order_id WHERE o.order_no = $1', [orderNo]);
    expect(entries).toHaveLength(1);
    await expectConsistent(site);
  });

  test('a notification the provider never delivers is settled by the status query', async () => {
    const { client } = await registeredClient(site.base);
    const doc = await paidDoc(site);
    const created = await client.post('/api/order-info/', { type: 'docs', docs: doc.id, pay_method: 'alipay', channel: 'precreate' });
    expect(created.status).toBe(201);
    const orderNo = created.body.order_no;
    site.alipay.setFault(orderNo, 'drop');
    await site.alipay.pay(orderNo);
    expect(await orderState(site.app, orderNo)).toBe('paying');
    const query = await client.get(`/api/alipay/query/order/${orderNo}/`);
    expect(query.body).toMatchObject({ state: 'paid', paid: true });
    await expectConsistent(site);
  });

  test('a package bought on a phone (Alipay WAP) pays for paid downloads, each document once', async () => {
    const { client } = await registeredClient(site.base);
    const created = await client.post('/api/order-info/', { type: 'package', price_policy: 1, pay_method: 'alipay', channel: 'wap', from_path: '/app/articles/docs/list/1' });
    expect(created.status).toBe(201);
    expect(created.body.pay).toMatchObject({ kind: 'redirect' });
    // the phone's browser goes to the cashier (Alipay makes the trade when its payer arrives)
    expect((await fetch(created.body.pay.url)).status).toBe(200);
    await site.alipay.pay(created.body.order_no);
    await eventually(async () => (await orderState(site.app, created.body.order_no)) === 'paid', 'the notification');
    const mine = await client.get('/api/user-package/');
    expect(mine.body.results).toEqual([expect.objectContaining({ name: '体验包', downloads: 5, downloads_left: 5, active: true })]);
    const [a, b] = await paidDocs(site, 2);
    const first = await client.post(`/api/user-download/docs/${a.id}/`);
    expect(first.body).toMatchObject({ kind: 'package', package_left: 4, message: '已使用下载套餐，套餐剩余 4 次' });
    const again = await client.post(`/api/user-download/docs/${a.id}/`);
    expect(again.body).toMatchObject({ kind: 'paid' });
    await client.post(`/api/user-download/docs/${b.id}/`);
    const after = await client.get('/api/user-package/');
    expect(after.body.results[0].downloads_left).toBe(3);
    const query = await client.get(`/api/alipay/query/order/${created.body.order_no}/`);
    expect(query.body.next).toEqual({ route: 'articles/docs/list/1', query: {} });
    await expectConsistent(site);
  });

  test('inside WeChat (JSAPI) the payer is the openid of the user\'s WeChat login', async () => {
    const { client, uid } = await registeredClient(site.base);
    const doc = await paidDoc(site);
    const refused = await client.post('/api/order-info/', { type: 'docs', docs: doc.id, pay_method: 'wxpay', channel: 'jsapi' });
    expect(refused.body.message).toBe('微信内支付需要先授权微信登录');
    await site.app.db.query(`INSERT INTO trd_accounts (user_id, provider, openid, create_time) VALUES ($1, 'weixingzh', $2, now())`, [uid, `o-gzh-${uid}`]);
    const created = await client.post('/api/order-info/', { type: 'docs', docs: doc.id, pay_method: 'wxpay', channel: 'jsapi' });
    expect(created.status).toBe(201);
    expect(created.body.pay.kind).toBe('jsapi');
    expect(created.body.pay.params).toEqual(expect.objectContaining({ signType: 'RSA', package: expect.stringMatching(/^prepay_id=/) }));
    expect(site.wxpay.trade(created.body.order_no)).toMatchObject({ tradeType: 'JSAPI' });
  });

  test('a paid document that allows it takes the daily free quota first', async () => {
    const { client } = await registeredClient(site.base);
    const doc = await paidDoc(site, { freeQuotaOk: true });
    const link = await client.post(`/api/user-download/docs/${doc.id}/`);
    expect(link.status).toBe(200);
    expect(link.body.kind).toBe('free');
    expect(link.body.message).toMatch(/^已使用今日免费下载次数/);
  });

  test('a visitor buys a document on this device and downloads it; another device cannot', async () => {
    const visitor = new Client(site.base);
    const doc = await paidDoc(site);
    const created = await visitor.post('/api/once-order-info/', { docs: doc.id, pay_method: 'wxpay', channel: 'native' });
    expect(created.status).toBe(201);
    expect(created.body.guest).toBe(true);
    expect(visitor.cookies.has('pay_device')).toBe(true);
    const orderNo = created.body.order_no;
    const early = await visitor.post('/api/once-docs-url/', { order_no: orderNo });
    expect(early.status).toBe(402);
    await site.wxpay.pay(orderNo);
    await eventually(async () => (await orderState(site.app, orderNo)) === 'paid', 'the notification');
    const url = await visitor.post('/api/once-docs-url/', { order_no: orderNo });
    expect(url.status).toBe(200);
    expect(url.body).toMatchObject({ docs: doc.id, title: doc.title });
    const file = await fetch(site.base + url.body.url);
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const stranger = await new Client(site.base).post('/api/once-docs-url/', { order_no: orderNo });
    expect(stranger.status).toBe(404);
    const strangerQuery = await new Client(site.base).get(`/api/wxpay/query/once/${orderNo}/`);
    expect(strangerQuery.status).toBe(404);
    expect((await visitor.get(`/api/wxpay/query/once/${orderNo}/`)).body.next).toEqual({ route: 'guest/pay/order', query: { docs: String(doc.id), order_no: orderNo } });
  });

  test('forged and mismatched notifications change nothing and are logged', async () => {
    const { client } = await registeredClient(site.base);
    const doc = await paidDoc(site);
    const created = await client.post('/api/order-info/', { type: 'docs', docs: doc.id, pay_method: 'alipay', channel: 'precreate' });
    const orderNo = created.body.order_no;
    const forged = new URLSearchParams({
      notify_id: 'forged', out_trade_no: orderNo, trade_no: '2026000000000001', trade_status: 'TRADE_SUCCESS',
      total_amount: (doc.price / 100).toFixed(2), app_id: 'whatever', sign_type: 'RSA2', sign: 'bm90IGEgc2lnbmF0dXJl',
    });
    const res = await fetch(`${site.base}/api/alipay/notify/`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: forged.toString() });
    expect(await res.text()).not.toBe('success');
    const wx = await fetch(`${site.base}/api/wxpay/notify/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":"x","resource":{}}' });
    expect(wx.status).toBeGreaterThanOrEqual(400);
    expect(await orderState(site.app, orderNo)).toBe('paying');
    const rejected = await site.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payment_notifications WHERE outcome = 'rejected'`);
    expect(rejected[0].n).toBeGreaterThanOrEqual(2);
  });

  test('an unpaid order closes after its time, at the provider too', async () => {
    const { client } = await registeredClient(site.base);
    const doc = await paidDoc(site);
    const created = await client.post('/api/order-info/', { type: 'docs', docs: doc.id, pay_method: 'wxpay', channel: 'native' });
    const orderNo = created.body.order_no;
    clock.advance(16 * 60_000);
    await site.app.pay.sweep();
    expect(await orderState(site.app, orderNo)).toBe('closed');
    expect(site.wxpay.trade(orderNo)).toMatchObject({ tradeState: 'CLOSED' });
    await expect(site.wxpay.pay(orderNo)).rejects.toThrow();
    const history = await client.get('/api/order-info/');
    expect(history.body.results[0]).toMatchObject({ order_no: orderNo, state: 'closed', state_label: '已关闭', pay: null });
  });

  test('a refund returns the money, and the document no longer downloads', async () => {
    const { client } = await registeredClient(site.base);
    const doc = await paidDoc(site);
    const created = await client.post('/api/order-info/', { type: 'docs', docs: doc.id, pay_method: 'alipay', channel: 'page' });
    const orderNo = created.body.order_no;
    expect((await fetch(created.body.pay.url)).status).toBe(200);
    await site.alipay.pay(orderNo);
    await eventually(async () => (await orderState(site.app, orderNo)) === 'paid', 'the notification');
    expect((await client.post(`/api/user-download/docs/${doc.id}/`)).status).toBe(200);
    expect(await site.app.pay.refund(orderNo, '文档已下架', 'test')).toBe('refunded');
    expect(await orderState(site.app, orderNo)).toBe('refunded');
    expect((await client.post(`/api/user-download/docs/${doc.id}/`)).status).toBe(402);
    await expect(site.app.pay.refund(orderNo, '再退一次', 'test')).rejects.toMatchObject({ status: 409 });
    await expectConsistent(site);
  });

  test('a refund the provider refused can be asked for again, under a refund number of its own', async () => {
    const { client } = await registeredClient(site.base);
    const created = await client.post('/api/order-info/', { type: 'package', price_policy: 1, pay_method: 'wxpay', channel: 'native' });
    const orderNo: string = created.body.order_no;
    await site.wxpay.pay(orderNo);
    await eventually(async () => (await orderState(site.app, orderNo)) === 'paid', 'the notification');
    const provider = site.app.pay.providers.wxpay!;
    const refund = provider.refund;
    // WeChat Pay answers ABNORMAL (the payer's account closed, say): the order is paid again
    provider.refund = async () => ({ state: 'failed' });
    try {
      expect(await site.app.pay.refund(orderNo, '用户申请退款', 'test')).toBe('refund_failed');
    } finally {
      provider.refund = refund;
    }
    expect(await orderState(site.app, orderNo)).toBe('paid');
    expect(['processing', 'refunded']).toContain(await site.app.pay.refund(orderNo, '用户申请退款（重试）', 'test'));
    await eventually(async () => {
      await site.app.pay.sweep();
      return (await orderState(site.app, orderNo)) === 'refunded';
    }, 'the second refund');
    const refunds = await site.app.db.query<{ refund_no: string; state: string }>(
      'SELECT r.refund_no, r.state FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.order_no = $1 ORDER BY r.id',
      [orderNo],
    );
    expect(refunds).toEqual([
      { refund_no: `R${orderNo}`, state: 'failed' },
      { refund_no: `R${orderNo}-2`, state: 'success' },
    ]);
    await expectConsistent(site);
  });

  test('a refund Alipay refuses outright ends failed at once, with its reason, instead of being asked forever', async () => {
    const { client } = await registeredClient(site.base);
    const doc = await paidDoc(site);
    const created = await client.post('/api/order-info/', { type: 'docs', docs: doc.id, pay_method: 'alipay', channel: 'precreate' });
    const orderNo: string = created.body.order_no;
    await fetch(created.body.pay.code_url);
    await site.alipay.pay(orderNo);
    await eventually(async () => (await orderState(site.app, orderNo)) === 'paid', 'the notification');
    const provider = site.app.pay.providers.alipay!;
    const refund = provider.refund;
    provider.refund = async () => {
      throw new AlipayError('alipay.trade.refund', '40004', 'ACQ.TRADE_HAS_CLOSE', '交易已经关闭');
    };
    try {
      await expect(site.app.pay.refund(orderNo, '用户申请退款', 'test')).rejects.toMatchObject({ status: 409, message: '支付机构拒绝退款：交易已经关闭' });
    } finally {
      provider.refund = refund;
    }
    expect(await orderState(site.app, orderNo)).toBe('paid');
    expect((await client.post(`/api/user-download/docs/${doc.id}/`)).status).toBe(200);
    await expectConsistent(site);
  });

  test('bad orders get a Chinese 400, and logged-out ones the 403', async () => {
    const { client, uid } = await registeredClient(site.base);
    const [free] = await seededDocs(site.app, 'd.status = 1 AND d.price = 0', 1);
    const cases: [unknown, string][] = [
      [{ type: 'package', price_policy: 999, pay_method: 'alipay', channel: 'precreate' }, '套餐不存在或已下架'],
      [{ type: 'docs', docs: free.id, pay_method: 'alipay', channel: 'precreate' }, '该文档免费，无需购买'],
      [{ type: 'docs', docs: 1, pay_method: 'alipay', channel: 'native' }, '暂不支持该支付方式，请换一种'],
      [{ type: 'docs', docs: 1, pay_method: 'wxpay', channel: 'jsapi' }, '微信内支付需要先授权微信登录'],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/order-info/', body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    }
    const bad = await client.post('/api/order-info/', { type: 'docs', docs: 'x', pay_method: 'bitcoin', channel: 'qr' });
    expect(bad.status).toBe(400);
    const own = await site.app.db.query<{ id: number }>('UPDATE documents SET uploader_id = $1 WHERE id = (SELECT id FROM documents WHERE status = 1 AND price > 0 ORDER BY id DESC LIMIT 1) RETURNING id', [uid]);
    const mine = await client.post('/api/order-info/', { type: 'docs', docs: own[0].id, pay_method: 'alipay', channel: 'precreate' });
    expect(mine.body.message).toBe('不能购买自己上传的文档');
    const anonymous = await new Client(site.base).post('/api/order-info/', { type: 'package', price_policy: 1, pay_method: 'alipay', channel: 'precreate' });
    expect(anonymous.status).toBe(403);
    expect((await new Client(site.base).get('/api/order-info/')).status).toBe(403);
  });
});
