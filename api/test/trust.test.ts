import type { FastifyInstance } from 'fastify';
import { Client, registeredClient, testClock } from './accounts-helpers';
import { contentServer, seededDocs } from './content-helpers';
import { engines, expectErrorBody, isChinese, useEngine, type TestServer } from './helpers';

const DAY = 24 * 3600 * 1000;
const PROOF = '/api/img-storage/1/';

/** Every staff route of the trust module, with a body that would pass validation. */
const STAFF_ROUTES: [method: 'get' | 'post' | 'delete', path: string, body?: unknown][] = [
  ['get', '/api/staff/audit/'],
  ['get', '/api/staff/reports/'],
  ['post', '/api/staff/reports/1/resolve/', { action: 'dismiss', reason: '不成立的举报' }],
  ['get', '/api/staff/rights-complaints/'],
  ['get', '/api/staff/rights-complaints/1/'],
  ['post', '/api/staff/rights-complaints/1/take-down/', { reason: '通知完整' }],
  ['post', '/api/staff/rights-complaints/1/request-info/', { reason: '请补充权属证明' }],
  ['post', '/api/staff/rights-complaints/1/reject/', { reason: '不是权利人' }],
  ['get', '/api/staff/auth-apply/'],
  ['post', '/api/staff/auth-apply/1/approve/'],
  ['post', '/api/staff/auth-apply/1/reject/', { reason: '材料不足' }],
  ['post', '/api/staff/penalties/', { uid: 1, kind: 'no_comment', reason: '发广告评论' }],
  ['delete', '/api/staff/penalties/1/'],
  ['get', '/api/staff/users/?q=1'],
  ['get', '/api/staff/comments/'],
  ['post', '/api/staff/comments/1/hide/', { reason: '广告评论' }],
  ['post', '/api/staff/comments/1/show/', { reason: '误判，恢复' }],
];

function send(client: Client, [method, path, body]: (typeof STAFF_ROUTES)[number]) {
  if (method === 'get') return client.get(path);
  if (method === 'delete') return client.delete(path);
  return client.post(path, body);
}

function notice(docs: number, extra: Record<string, unknown> = {}) {
  return {
    real_name: '张三',
    id_type: 'id_card',
    id_number: '110101199001011234',
    phone: '13800000000',
    email: 'zhang@example.com',
    docs,
    work: '《网络安全导论》',
    description: '本人是该书作者，该文档未经授权上传了全书内容。',
    proofs: [PROOF],
    ...extra,
  };
}

const COUNTER = {
  real_name: '李四',
  id_type: 'id_card',
  id_number: '110101199202021234',
  phone: '13900000000',
  statement: '该文档是我本人的课堂笔记，并非转载他人作品。',
  proofs: [PROOF],
};

async function docStatus(app: FastifyInstance, id: number): Promise<number> {
  return (await app.db.query<{ status: number }>('SELECT status::int AS status FROM documents WHERE id = $1', [id]))[0].status;
}

async function auditActions(staff: Client, query = ''): Promise<string[]> {
  const res = await staff.get(`/api/staff/audit/?page_size=100${query}`);
  expect(res.status).toBe(200);
  return res.body.results.map((e: { action: string }) => e.action);
}

describe.each(engines())('trust and safety (%s)', (engine) => {
  const db = useEngine(engine, __filename);
  const clock = testClock();
  let server: TestServer;
  let support: Client;
  let admin: Client;
  let finance: Client;
  let docs: number[];
  beforeAll(async () => {
    server = await contentServer(db.options(), clock);
    docs = (await seededDocs(server.app, 'd.status = 1', 6)).map((d) => d.id);
  });
  afterAll(async () => {
    await server?.close();
  });
  // fresh staff sessions for each test: the tests move the clock past a session's life
  beforeEach(async () => {
    const grant = async (role: string) => {
      const made = await registeredClient(server.base);
      expect((await made.client.post('/api/dev/staff-role/', { mobile: made.mobile, role })).status).toBe(200);
      return made.client;
    };
    [support, admin, finance] = [await grant('support'), await grant('admin'), await grant('finance')];
  });

  /** A fresh user made the uploader of a document, and a claimant. */
  async function parties(docsId: number) {
    const uploader = await registeredClient(server.base);
    expect((await uploader.client.post('/api/dev/assign-doc/', { docs: docsId, uid: uploader.uid })).status).toBe(200);
    const claimant = await registeredClient(server.base);
    return { uploader, claimant };
  }

  test('every staff route refuses visitors, users and staff without the role (403)', async () => {
    const { client: user } = await registeredClient(server.base);
    for (const route of STAFF_ROUTES) {
      const visitor = await send(new Client(server.base), route);
      expect({ route, status: visitor.status }).toEqual({ route, status: 403 });
      const mine = await send(user, route);
      expect({ route, status: mine.status, code: mine.body.code }).toEqual({ route, status: 403, code: 'staff_only' });
      const other = await send(finance, route);
      expect({ route, status: other.status, code: other.body.code }).toEqual({ route, status: 403, code: 'staff_only' });
    }
    // audit is admin only: support is refused too
    expectErrorBody(await support.get('/api/staff/audit/'), 403, 'staff_only');
  });

  test('a complaint: incomplete, supplemented, taken down, counter-noticed, restored after 15 days', async () => {
    const docsId = docs[0];
    const { uploader, claimant } = await parties(docsId);
    const uploaderId = uploader.uid;
    // a frozen earning from the document and a paid order of it
    const [earning] = await server.app.db.query<{ id: number; release_time: Date }>(
      `INSERT INTO coin_earnings (user_id, docs_id, source, coins, title, release_time) VALUES ($1, $2, 'coin', 10, 't', $3) RETURNING id::int AS id, release_time`,
      [uploaderId, docsId, new Date(clock.now().getTime() + 7 * DAY)],
    );
    await server.app.db.query(
      `INSERT INTO orders (order_no, user_id, type, docs_id, title, amount, pay_method, channel, state, expire_time, paid_time, provider_trade_no)
       VALUES ($1, $2, 'docs', $3, 't', 100, 'alipay', 'page', 'paid', now(), now(), $1)`,
      [`T${Date.now()}${engine.length}`, claimant.uid, docsId],
    );

    const bad = await claimant.client.post('/api/rights-complaints/', notice(docsId, { proofs: ['javascript:alert(1)'] }));
    expect(bad.status).toBe(400);
    expect(isChinese(bad.body.message)).toBe(true);
    expectErrorBody(await uploader.client.post('/api/rights-complaints/', notice(docsId)), 400, 'own_document');
    const filed = await claimant.client.post('/api/rights-complaints/', notice(docsId));
    expect(filed.status).toBe(201);
    const id = filed.body.id;
    expect(filed.body).toMatchObject({ role: 'claimant', state: 'submitted', id_number: '110***********1234', docs: { id: docsId } });

    // the uploader hears nothing before staff act; strangers get 404
    expect((await uploader.client.get(`/api/rights-complaints/${id}/`)).status).toBe(404);
    expect((await uploader.client.get('/api/rights-complaints/')).body.count).toBe(0);

    const asked = await support.post(`/api/staff/rights-complaints/${id}/request-info/`, { reason: '请补充著作权登记证书' });
    expect(asked.body.state).toBe('incomplete');
    expectErrorBody(await support.post(`/api/staff/rights-complaints/${id}/take-down/`, { reason: '通知完整' }), 409, 'wrong_state');
    const supplemented = await claimant.client.patch(`/api/rights-complaints/${id}/`, { proofs: [PROOF, '/api/img-storage/2/'] });
    expect(supplemented.body).toMatchObject({ state: 'submitted', proofs: [PROOF, '/api/img-storage/2/'] });

    const down = await support.post(`/api/staff/rights-complaints/${id}/take-down/`, { reason: '通知完整，依法下架' });
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ state: 'taken_down', refundable_orders: 1 });
    expect(await docStatus(server.app, docsId)).toBe(4);
    const [held] = await server.app.db.query<{ held: boolean }>(`SELECT release_time = 'infinity'::timestamptz AS held FROM coin_earnings WHERE id = $1`, [earning.id]);
    expect(held.held).toBe(true);

    // the uploader sees the notice, without the claimant's phone and e-mail
    const seen = await uploader.client.get(`/api/rights-complaints/${id}/`);
    expect(seen.body).toMatchObject({ role: 'uploader', state: 'taken_down', phone: '', email: '', real_name: '张三' });
    expect((await uploader.client.get('/api/rights-complaints/')).body.results.map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await claimant.client.post(`/api/rights-complaints/${id}/counter/`, COUNTER)).status).toBe(404);

    const countered = await uploader.client.post(`/api/rights-complaints/${id}/counter/`, COUNTER);
    expect(countered.body).toMatchObject({ state: 'counter_noticed', counter: { real_name: '李四', id_number: '110***********1234' } });
    expect(new Date(countered.body.restore_due).getTime()).toBe(clock.now().getTime() + 15 * DAY);

    clock.advance(14 * DAY);
    expect((await server.app.trust.sweep()).restored).toBe(0);
    expect(await docStatus(server.app, docsId)).toBe(4);
    clock.advance(DAY + 1000);
    await server.app.trust.sweep();
    expect(await docStatus(server.app, docsId)).toBe(5);
    const [released] = await server.app.db.query<{ release_time: Date }>('SELECT release_time FROM coin_earnings WHERE id = $1', [earning.id]);
    // back to its own release time, or now when that has passed (the coins sweep releases it)
    expect(new Date(released.release_time).getTime()).toBe(Math.max(clock.now().getTime(), new Date(earning.release_time).getTime()));

    const history = await claimant.client.get(`/api/rights-complaints/${id}/`);
    expect(history.body.state).toBe('closed');
    expect(history.body.steps.map((s: { kind: string }) => s.kind)).toEqual([
      'submitted',
      'info_requested',
      'supplemented',
      'taken_down',
      'forwarded',
      'counter_noticed',
      'claimant_told',
      'restored',
    ]);
    expect(history.body.steps.every((s: { kind_text: string; create_time: string }) => isChinese(s.kind_text) && s.create_time)).toBe(true);
    expect((await uploader.client.get(`/api/rights-complaints/${id}/`)).body.state).toBe('closed');
    const { client: stranger } = await registeredClient(server.base);
    expect((await stranger.get(`/api/rights-complaints/${id}/`)).status).toBe(404);

    const actions = await auditActions(admin, `&target_type=rights_complaint&target_id=${id}`);
    expect(actions).toEqual(['rights.take_down', 'rights.request_info']);
  });

  test('a lawsuit reported in time keeps the document down; too late is refused; reject closes a notice', async () => {
    // staff reject a notice: nothing happens to the document
    const third = await parties(docs[3]);
    const rejected = (await third.claimant.client.post('/api/rights-complaints/', notice(docs[3]))).body.id;
    const answer = await admin.post(`/api/staff/rights-complaints/${rejected}/reject/`, { reason: '无法证明权属' });
    expect(answer.body.state).toBe('rejected');
    expect(await docStatus(server.app, docs[3])).toBe(1);
    expect((await third.uploader.client.get(`/api/rights-complaints/${rejected}/`)).status).toBe(404);
    const docsId = docs[1];
    const { uploader, claimant } = await parties(docsId);
    const id = (await claimant.client.post('/api/rights-complaints/', notice(docsId))).body.id;
    await support.post(`/api/staff/rights-complaints/${id}/take-down/`, { reason: '通知完整' });
    await uploader.client.post(`/api/rights-complaints/${id}/counter/`, COUNTER);
    clock.advance(10 * DAY);
    expect((await claimant.client.post(`/api/rights-complaints/${id}/lawsuit/`, { note: '短' })).status).toBe(400);
    const sued = await claimant.client.post(`/api/rights-complaints/${id}/lawsuit/`, { note: '已向北京互联网法院起诉，案号（2026）京0491民初1号' });
    expect(sued.body.state).toBe('lawsuit');
    clock.advance(10 * DAY);
    await server.app.trust.sweep();
    expect(await docStatus(server.app, docsId)).toBe(4);

    const other = await parties(docs[2]);
    const late = (await other.claimant.client.post('/api/rights-complaints/', notice(docs[2]))).body.id;
    await support.post(`/api/staff/rights-complaints/${late}/take-down/`, { reason: '通知完整' });
    await other.uploader.client.post(`/api/rights-complaints/${late}/counter/`, COUNTER);
    clock.advance(15 * DAY + 60_000);
    expectErrorBody(await other.claimant.client.post(`/api/rights-complaints/${late}/lawsuit/`, { note: '已向法院起诉，案号见附件' }), 409, 'too_late');

  });

  test('penalties are enforced by the API with Chinese messages, lifted and ended', async () => {
    const { client: user, uid } = await registeredClient(server.base);
    const comment = () => user.post('/api/docs-comment/', { docs: docs[4], content: '很好的文档' });
    expect((await comment()).status).toBe(201);
    const penalty = await support.post('/api/staff/penalties/', { uid, kind: 'no_comment', reason: '发布广告评论' });
    expect(penalty.status).toBe(201);
    const refused = await comment();
    expectErrorBody(refused, 403, 'penalized');
    expect(refused.body.message).toContain('您已被禁止发表评论');
    expect((await support.delete(`/api/staff/penalties/${penalty.body.id}/`)).body.active).toBe(false);
    expect((await comment()).status).toBe(201);

    await support.post('/api/staff/penalties/', { uid, kind: 'no_upload', reason: '多次上传侵权文档' });
    const upload = await user.post('/api/upload-sessions/', { name: 'a.pdf', size: 1000 });
    expectErrorBody(upload, 403, 'penalized');
    expect(upload.body.message).toContain('您已被禁止上传文档');

    await support.post('/api/staff/penalties/', { uid, kind: 'no_download', reason: '恶意刷下载' });
    const link = await user.post(`/api/user-download/docs/${docs[4]}/`);
    expectErrorBody(link, 403, 'penalized');
    expect(link.body.message).toContain('您已被禁止下载文档');

    const found = await support.get(`/api/staff/users/?q=${uid}`);
    expect(found.body.results[0].uid).toBe(uid);
    expect(found.body.results[0].penalties.map((p: { kind: string }) => p.kind).sort()).toEqual(['no_download', 'no_upload']);

    const end = new Date(clock.now().getTime() + DAY).toISOString();
    expect((await support.post('/api/staff/penalties/', { uid, kind: 'disabled', reason: '发布违法信息', end_time: end })).status).toBe(201);
    const disabled = await comment();
    expectErrorBody(disabled, 403, 'account_disabled');
    expect(disabled.body.inactive_reason).toBe('POST_SPAM_COMMENTS');
    clock.advance(DAY + 1000);
    expect((await server.app.trust.sweep()).penaltiesEnded).toBeGreaterThanOrEqual(1);
    expect((await comment()).status).toBe(201);

    const actions = await auditActions(admin, `&target_type=user&target_id=${uid}`);
    expect(actions.sort()).toEqual(['penalty.impose', 'penalty.impose', 'penalty.impose', 'penalty.impose', 'penalty.lift']);
  });

  test('expert certification: approve makes level 3, reject tells the reason', async () => {
    const { client: user, uid } = await registeredClient(server.base);
    const body = { field: '信息安全', real_name: '王五', credentials: '某大学信息安全专业教授，从事密码学研究二十年。', pictures: [PROOF] };
    expect((await user.post('/api/auth-apply/', { ...body, pictures: ['http://evil/x.png'] })).status).toBe(400);
    const applied = await user.post('/api/auth-apply/', body);
    expect(applied.status).toBe(201);
    expectErrorBody(await user.post('/api/auth-apply/', body), 409, 'pending_application');
    const rejected = await support.post(`/api/staff/auth-apply/${applied.body.id}/reject/`, { reason: '请上传职称证书' });
    expect(rejected.body).toMatchObject({ state: 'rejected', reason: '请上传职称证书' });
    const again = await user.post('/api/auth-apply/', body);
    const approved = await support.post(`/api/staff/auth-apply/${again.body.id}/approve/`);
    expect(approved.body).toMatchObject({ state: 'approved', user: { uid, level: 3 } });
    const [row] = await server.app.db.query<{ level: number }>('SELECT level::int AS level FROM users WHERE id = $1', [uid]);
    expect(row.level).toBe(3);
    const mine = await user.get('/api/auth-apply/');
    expect(mine.body.results.map((a: { state: string }) => a.state)).toEqual(['approved', 'rejected']);
    expect(await auditActions(admin, '&action=expert.')).toEqual(expect.arrayContaining(['expert.approve', 'expert.reject']));
  });

  test('reports: staff resolve them; other modules staff actions land in the audit log too', async () => {
    const { client: user } = await registeredClient(server.base);
    const made = await user.post('/api/docs-comment/', { docs: docs[5], content: '加微信领资料 xxx' });
    const commentsBefore = (await user.get(`/api/docs/${docs[5]}/`)).body.comment_count;
    const { client: reporter } = await registeredClient(server.base);
    const report = await reporter.post('/api/articles-report/', { type: 'comment', id: made.body.id, reason: 'ad', content: '广告评论' });
    expect(report.status).toBe(201);
    const queue = await support.get('/api/staff/reports/');
    expect(queue.body.results.map((r: { id: number }) => r.id)).toContain(report.body.id);
    expectErrorBody(await support.post(`/api/staff/reports/${report.body.id}/resolve/`, { action: 'take_down', reason: '广告' }), 400, 'not_item');
    const generation = server.app.content.changes.items();
    const resolved = await support.post(`/api/staff/reports/${report.body.id}/resolve/`, { action: 'hide_comment', reason: '广告评论已删除' });
    // a comment fewer is a count: the kept lists and searches are not dropped for it (as for a comment's author)
    expect(server.app.content.changes.items()).toBe(generation);
    expect(resolved.body).toMatchObject({ status: 2, reply: '广告评论已删除' });
    expect((await reporter.get(`/api/articles-report/${report.body.id}/`)).body.status).toBe(2);
    // the detail shows one comment fewer at once (its kept row is forgotten)
    expect((await user.get(`/api/docs/${docs[5]}/`)).body.comment_count).toBe(commentsBefore - 1);

    const coins = await admin.patch('/api/staff/settings/coins/', { daily_withdraw_count: 4 });
    expect(coins.status).toBe(200);
    const entries = (await admin.get('/api/staff/audit/?action=coins.settings')).body.results;
    expect(entries[0]).toMatchObject({ action: 'coins.settings', after: { daily_withdraw_count: 4 }, before: { daily_withdraw_count: expect.any(Number) } });
    expect(await auditActions(admin, '&target_type=report')).toEqual(['report.hide_comment']);

    // the settings and reviews of pay, uploads and writing too (a failed action leaves no record)
    expect((await admin.patch('/api/staff/settings/pay/', { order_ttl_minutes: 20 })).status).toBe(200);
    expect((await admin.post('/api/staff/price-policy/', { name: '审计测试包', price: 100, downloads: 1, valid_days: 1 })).status).toBe(201);
    expect((await admin.patch('/api/staff/settings/uploads/', { trusted_uploader_level: 3 })).status).toBe(200);
    expect((await admin.post('/api/staff/blogs/999999/approve/')).status).toBe(404);
    const recent = await auditActions(admin);
    expect(recent.slice(0, 3)).toEqual(['uploads.settings', 'pay.price_policy.create', 'pay.settings']);
    expect(recent).not.toContain('blogs.approve');
    const pay = (await admin.get('/api/staff/audit/?action=pay.settings')).body.results[0];
    expect(pay).toMatchObject({ target_type: 'pay_settings', before: { order_ttl_minutes: 15 }, after: { order_ttl_minutes: 20 } });
  });
});
