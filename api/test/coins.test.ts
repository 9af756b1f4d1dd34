import { engines, useEngine } from './helpers';
import { Client, encryptPassword, lastSmsCode, PASSWORD, registeredClient, testClock } from './accounts-helpers';
import { seededDocs } from './content-helpers';
import { eventually, expectConsistent, orderState, paySite, type PaySite } from './pay-helpers';

const DAY = 24 * 3600 * 1000;

/** A seller who uploaded a paid document, and a buyer who bought it through WeChat Native. */
async function sale(site: PaySite, seller: number, price = 1000): Promise<{ docsId: number; orderNo: string; buyer: Client }> {
  const [doc] = await seededDocs(site.app, `d.status = 1 AND d.price > 0 AND NOT d.free_quota_ok AND d.id NOT IN (SELECT docs_id FROM coin_earnings WHERE docs_id IS NOT NULL) AND d.uploader_id <> ${seller}`, 1);
  await site.app.db.query('UPDATE documents SET uploader_id = $1, price = $2 WHERE id = $3', [seller, price, doc.id]);
  site.app.content.rows.changed('documents', doc.id);
  const { client: buyer } = await registeredClient(site.base);
  const created = await buyer.post('/api/order-info/', { type: 'docs', docs: doc.id, pay_method: 'wxpay', channel: 'native' });
  expect(created.status).toBe(201);
  await site.wxpay.pay(created.body.order_no);
  await eventually(async () => (await orderState(site.app, created.body.order_no)) === 'paid', 'the sale');
  return { docsId: doc.id, orderNo: created.body.order_no, buyer };
}

async function withdraw(client: Client, body: Record<string, unknown>) {
  return client.post('/api/withdraw/', { proof: { type: 'password', password: await encryptPassword(client.base, PASSWORD) }, ...body });
}

describe.each(engines())('coins (%s)', (engine) => {
  const db = useEngine(engine, __filename);
  const clock = testClock();
  let site: PaySite;
  beforeAll(async () => {
    site = await paySite(db.options(), clock);
    await site.app.db.query('UPDATE coin_settings SET min_withdraw_coins = 100, auto_approve_max_coins = 1000');
  });
  afterAll(async () => {
    await site?.close();
  });

  test('a sale earns the uploader 70% as frozen coins, available after 7 days; a refund while frozen takes it back', async () => {
    const { client: seller, uid } = await registeredClient(site.base);
    const first = await sale(site, uid, 1000);
    let balance = (await seller.get('/api/coin-balance/')).body;
    expect(balance).toMatchObject({ available: 0, frozen: 700, withdrawing: 0, total_earned: 700, coin_value_fen: 1 });
    expect(balance.next_release.coins).toBe(700);
    const second = await sale(site, uid, 500);
    // WeChat refunds answer PROCESSING; its refund notification finishes them
    expect(await site.app.pay.refund(second.orderNo, '文档侵权下架', 'test')).toBe('processing');
    await eventually(async () => (await orderState(site.app, second.orderNo)) === 'refunded', 'the refund notification');
    clock.advance(7 * DAY + 1000);
    balance = (await seller.get('/api/coin-balance/')).body;
    expect(balance).toMatchObject({ available: 700, frozen: 0, total_earned: 700 });
    const records = (await seller.get('/api/coin-records/')).body.results;
    expect(records.map((r: { kind: string }) => r.kind)).toEqual(['released', 'reversed', 'earned', 'earned']);
    expect(records[0]).toMatchObject({ available_change: 700, frozen_change: -700, balance: { available: 700, frozen: 0, withdrawing: 0 } });
    expect(records[3]).toMatchObject({ kind_label: '文档收益（冻结中）', frozen_change: 700, docs: first.docsId, link: { route: `articles/docs/detail/${first.docsId}` } });
    const detail = await seller.get(`/api/coin-records/${records[3].id}/`);
    expect(detail.body).toEqual(records[3]);
    expect((await seller.get('/api/coin-records/?kind=reversed')).body.count).toBe(1);
    expect((await new Client(site.base).get(`/api/coin-records/${records[3].id}/`)).status).toBe(403);
    await expectConsistent(site);
  });

  test('a package download earns the uploader a share of one download; refunding the package takes frozen shares back', async () => {
    const { client: seller, uid } = await registeredClient(site.base);
    const [doc] = await seededDocs(site.app, `d.status = 1 AND d.price >= 500 AND d.price <= 2000 AND NOT d.free_quota_ok AND d.uploader_id <> ${uid}`, 1);
    await site.app.db.query('UPDATE documents SET uploader_id = $1 WHERE id = $2', [uid, doc.id]);
    site.app.content.rows.changed('documents', doc.id);
    const { client: buyer } = await registeredClient(site.base);
    const created = await buyer.post('/api/order-info/', { type: 'package', price_policy: 2, pay_method: 'wxpay', channel: 'native' });
    await site.wxpay.pay(created.body.order_no);
    await eventually(async () => (await orderState(site.app, created.body.order_no)) === 'paid', 'the package');
    expect((await buyer.post(`/api/user-download/docs/${doc.id}/`)).body.kind).toBe('package');
    // 月度包: ¥29.90 for 30 downloads, ¥1.00 each; 70% of it
    expect((await seller.get('/api/coin-balance/')).body).toMatchObject({ frozen: 70, total_earned: 70 });
    expect(['processing', 'refunded']).toContain(await site.app.pay.refund(created.body.order_no, '用户申请退款', 'test'));
    await eventually(async () => (await orderState(site.app, created.body.order_no)) === 'refunded', 'the refund');
    expect((await seller.get('/api/coin-balance/')).body).toMatchObject({ frozen: 0, total_earned: 0 });
    expect((await buyer.post(`/api/user-download/docs/${doc.id}/`)).status).toBe(402);
    await expectConsistent(site);
  });

  test('coins buy a document; the uploader earns from it; not enough coins is a clear 400', async () => {
    const { client: seller, uid } = await registeredClient(site.base);
    await sale(site, uid, 1000);
    clock.advance(7 * DAY + 1000);
    const [other] = await seededDocs(site.app, `d.status = 1 AND d.price > 0 AND d.price <= 500 AND d.uploader_id <> ${uid}`, 1);
    const paid = await seller.post(`/api/coin-pay/docs/${other.id}/`);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ docs: other.id, coins: other.price, available: 700 - other.price });
    const link = await seller.post(`/api/user-download/docs/${other.id}/`);
    expect(link.body.kind).toBe('paid');
    expect((await seller.post(`/api/coin-pay/docs/${other.id}/`)).status).toBe(409);
    const { client: poor } = await registeredClient(site.base);
    const refused = await poor.post(`/api/coin-pay/docs/${other.id}/`);
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 400, message: '可用金币不足' });
    const records = (await seller.get('/api/coin-records/?kind=spent')).body.results;
    expect(records[0]).toMatchObject({ available_change: -other.price, docs: other.id });
    await expectConsistent(site);
  });

  test('a small withdrawal to Alipay is approved at once and paid; the fee stays; the quote says why not more', async () => {
    const { client: seller, uid } = await registeredClient(site.base);
    await sale(site, uid, 1000);
    let quote = (await seller.get('/api/withdraw/extra_withdraw_coin/')).body;
    expect(quote.withdrawable).toBe(0);
    expect(quote.reasons.join('；')).toMatch(/700 金币还在冻结期/);
    clock.advance(7 * DAY + 1000);
    quote = (await seller.get('/api/withdraw/extra_withdraw_coin/')).body;
    expect(quote).toMatchObject({ available: 700, withdrawable: 700, channels: { alipay: true, wxpay: false } });
    const bad = await withdraw(seller, { coins: 500, channel: 'alipay', alipay_account: '13800138000', real_name: '张三', proof: { type: 'password', password: await encryptPassword(site.base, 'wrong-password-1') } });
    expect(bad.status).toBe(400);
    const res = await withdraw(seller, { coins: 500, channel: 'alipay', alipay_account: '13800138000', real_name: '张三' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ coins: 500, fee: 10, amount: 490, state: 'success', auto_approved: true, account: '支付宝 138****8000' });
    const balance = (await seller.get('/api/coin-balance/')).body;
    expect(balance).toMatchObject({ available: 200, withdrawing: 0 });
    expect(site.alipay.payouts().paidOutFen).toBeGreaterThanOrEqual(490);
    const history = (await seller.get('/api/withdraw/')).body.results;
    expect(history[0]).toMatchObject({ state: 'success', state_label: '已到账' });
    await expectConsistent(site);
  });

  test('the proof may be a code sent to the account\'s own phone (POST /api/codes/self/)', async () => {
    const { client: seller, uid, mobile } = await registeredClient(site.base);
    await sale(site, uid, 1000);
    clock.advance(7 * DAY + 1000);
    expect((await new Client(site.base).post('/api/codes/self/')).status).toBe(403);
    const sent = await seller.post('/api/codes/self/');
    expect(sent.status).toBe(200);
    const code = await lastSmsCode(site.base, mobile);
    const wrong = await seller.post('/api/withdraw/', { coins: 300, channel: 'alipay', alipay_account: '13800138000', real_name: '张三', proof: { type: 'code', code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    const res = await seller.post('/api/withdraw/', { coins: 300, channel: 'alipay', alipay_account: '13800138000', real_name: '张三', proof: { type: 'code', code } });
    expect(res.body).toMatchObject({ coins: 300, state: 'success' });
  });

  test('a large withdrawal waits for finance staff; others get 403; rejection returns the coins with the reason', async () => {
    const { client: seller, uid } = await registeredClient(site.base);
    await sale(site, uid, 1000);
    await sale(site, uid, 1000);
    clock.advance(7 * DAY + 1000);
    const big = await withdraw(seller, { coins: 1200, channel: 'alipay', alipay_account: 'zhang@example.com', real_name: '张三' });
    expect(big.body).toMatchObject({ state: 'requested', auto_approved: false });
    const { client: staff, uid: staffId } = await registeredClient(site.base);
    expect((await staff.post(`/api/staff/withdraw/${big.body.id}/approve/`)).status).toBe(403);
    await site.app.db.query(`INSERT INTO staff_roles (user_id, role) VALUES ($1, 'finance')`, [staffId]);
    const pending = (await staff.get('/api/staff/withdraw/?state=requested')).body.results;
    expect(pending.map((w: { id: number }) => w.id)).toContain(big.body.id);
    const approved = await staff.post(`/api/staff/withdraw/${big.body.id}/approve/`);
    expect(approved.body).toMatchObject({ state: 'success', payee: 'zhang@example.com', real_name: '张三' });
    expect((await staff.post(`/api/staff/withdraw/${big.body.id}/approve/`)).status).toBe(409);
    await site.app.db.query('UPDATE coin_settings SET auto_approve_max_coins = 0');
    const again = await withdraw(seller, { coins: 150, channel: 'alipay', alipay_account: 'zhang@example.com', real_name: '张三' });
    await site.app.db.query('UPDATE coin_settings SET auto_approve_max_coins = 1000');
    expect(again.body.state).toBe('requested');
    const rejected = await staff.post(`/api/staff/withdraw/${again.body.id}/reject/`, { reason: '收款账户信息有误' });
    expect(rejected.body).toMatchObject({ state: 'rejected', reason: '收款账户信息有误' });
    expect((await seller.get('/api/coin-balance/')).body).toMatchObject({ available: 200, withdrawing: 0 });
    await expectConsistent(site);
  });

  test('a failed payout returns the coins with its reason; two requests at once never take more than the balance', async () => {
    const { client: seller, uid } = await registeredClient(site.base);
    await sale(site, uid, 1000);
    clock.advance(7 * DAY + 1000);
    site.alipay.payoutFault('*', 'fail');
    const failed = await withdraw(seller, { coins: 300, channel: 'alipay', alipay_account: '13800138000', real_name: '张三' });
    site.alipay.payoutFault('*', 'none');
    expect(failed.body.state).toBe('failed');
    expect(failed.body.reason).toMatch(/[\u4e00-\u9fff]/);
    expect((await seller.get('/api/coin-balance/')).body.available).toBe(700);
    const both = await Promise.all([400, 400].map((coins) => withdraw(seller, { coins, channel: 'alipay', alipay_account: '13800138000', real_name: '张三' })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(both.find((r) => r.status === 400)!.body.message).toBe('可提现金币不足');
    expect((await seller.get('/api/coin-balance/')).body.available).toBe(300);
    await expectConsistent(site);
  });

  test('a payout whose answer timed out is found by the query, and paid once', async () => {
    const { client: seller, uid } = await registeredClient(site.base);
    await sale(site, uid, 1000);
    clock.advance(7 * DAY + 1000);
    site.alipay.payoutFault('*', 'timeout');
    const res = await withdraw(seller, { coins: 300, channel: 'alipay', alipay_account: '13900139000', real_name: '李四' });
    site.alipay.payoutFault('*', 'none');
    expect(res.status).toBe(201);
    const before = site.alipay.payouts().paidOutFen;
    const after = await seller.get(`/api/withdraw/${res.body.id}/`);
    expect(after.body.state).toBe('success');
    await site.app.coins.sweep();
    expect(site.alipay.payouts().paidOutFen).toBe(before);
    await expectConsistent(site);
  });

  test('a WeChat withdrawal waits for the payee to confirm, then is paid by the notification', async () => {
    const { client: seller, uid } = await registeredClient(site.base);
    await sale(site, uid, 1000);
    clock.advance(7 * DAY + 1000);
    const refused = await withdraw(seller, { coins: 300, channel: 'wxpay' });
    expect(refused.body.message).toMatch(/请先用微信登录绑定微信/);
    await site.app.db.query(`INSERT INTO trd_accounts (user_id, provider, openid, create_time) VALUES ($1, 'weixingzh', $2, now())`, [uid, `o-gzh-${uid}`]);
    const res = await withdraw(seller, { coins: 300, channel: 'wxpay' });
    expect(res.body).toMatchObject({ state: 'wait_user_confirm', account: '微信零钱' });
    expect(res.body.package_info).toEqual(expect.any(String));
    expect(res.body).toMatchObject({ wx_mch_id: expect.any(String), wx_app_id: expect.stringMatching(/^wx/) });
    await site.wxpay.confirmTransfer(res.body.withdraw_no);
    await eventually(async () => (await seller.get(`/api/withdraw/${res.body.id}/`)).body.state === 'success', 'the bill notification');
    await expectConsistent(site);
  });
});
