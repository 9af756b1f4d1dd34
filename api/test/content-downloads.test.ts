import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { PayAnswer } from 'contracts';
import { PDFDocument } from 'pdf-lib';
import { Client, registeredClient, testClock, type TestClock } from './accounts-helpers';
import { contentServer, seededDocs, sha256, type DocFacts } from './content-helpers';
import { engines, expectErrorBody, useEngine, type TestServer } from './helpers';

// the contract's date-time fields, for Value.Check of the 402 answers (the API's own validator knows the format)
if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (value) => !Number.isNaN(Date.parse(value)));

describe.each(engines())('downloads and previews on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;
  let clock: TestClock;
  let freeDocs: DocFacts[];
  let paidPdf: DocFacts;
  beforeAll(async () => {
    clock = testClock();
    server = await contentServer(db.options(), clock);
    // a paid PDF of more pages than a paid preview shows
    [paidPdf] = await seededDocs(server.app, "d.status = 1 AND d.file_type = 'pdf' AND d.pages > 3", 1);
    await server.app.db.query('UPDATE documents SET price = 500, is_free = false WHERE id = $1', [paidPdf.id]);
    paidPdf.price = 500;
    freeDocs = await seededDocs(server.app, 'd.status = 1 AND d.is_free', 60);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Free documents no test has downloaded yet. */
  let next = 0;
  const freshFree = () => freeDocs[next++];

  test('a visitor downloads a free document: signed short-lived link, exact bytes, Chinese file name', async () => {
    const visitor = new Client(server.base);
    const doc = freshFree();
    const before = await visitor.get(`/api/obj-left-free-down-num/docs/${doc.id}/`);
    expect(before.body).toMatchObject({ left: 2, total: 2, is_free: true, need_pay: false, downloaded_today: false });
    expect(visitor.cookies.get('visitor_id')).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const link = await visitor.post(`/api/user-download/docs/${doc.id}/`);
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({ kind: 'free', left: 1 });
    expect(Date.parse(link.body.expire_time) - clock.now().getTime()).toBeLessThanOrEqual(300_000);

    // the link works without cookies (download managers, app webviews) while it lasts
    const file = await fetch(server.base + link.body.url);
    expect(file.status).toBe(200);
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(sha256(bytes)).toBe(doc.sha256);
    const disposition = file.headers.get('content-disposition') as string;
    expect(disposition).toMatch(/^attachment; filename="docs-\d+\.(txt|md|pdf)"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1])).toBe(`${doc.title}.${doc.file_type}`);

    const range = await fetch(server.base + link.body.url, { headers: { range: 'bytes=0-9' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 0-9/${doc.size}`);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(Buffer.from(bytes.subarray(0, 10)));
    expect((await fetch(server.base + link.body.url, { headers: { range: `bytes=${doc.size + 5}-` } })).status).toBe(416);

    // the same document again today costs nothing
    const again = await visitor.post(`/api/user-download/docs/${doc.id}/`);
    expect(again.body).toMatchObject({ kind: 'repeat', left: 1 });
    const after = await visitor.get(`/api/obj-left-free-down-num/docs/${doc.id}/`);
    expect(after.body).toMatchObject({ left: 1, downloaded_today: true });
    const [{ n }] = await server.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM download_records WHERE docs_id = $1', [doc.id]);
    expect(n).toBe(2);
  });

  test('links expire, cannot be forged and only open their own document', async () => {
    const visitor = new Client(server.base);
    const [a, b] = [freshFree(), freshFree()];
    const link = (await visitor.post(`/api/user-download/docs/${a.id}/`)).body.url as string;
    const token = new URL(link, server.base).searchParams.get('token') as string;
    expectErrorBody(await visitor.get(`/api/user-download-token/docs/${b.id}/?token=${encodeURIComponent(token)}`), 403, 'link_expired');
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expectErrorBody(await visitor.get(`/api/user-download-token/docs/${a.id}/?token=${encodeURIComponent(forged)}`), 403, 'link_expired');
    expectErrorBody(await visitor.get(`/api/user-download-token/docs/${a.id}/?token=x.y`), 403, 'link_expired');
    expectErrorBody(await visitor.get(`/api/user-download-token/docs/${a.id}/`), 400, 'invalid');
    clock.advance(301_000);
    expectErrorBody(await visitor.get(link), 403, 'link_expired');
  });

  test('a visitor’s free quota runs out with the payment answer; the next day it is back', async () => {
    const visitor = new Client(server.base);
    for (let i = 0; i < 2; i += 1) expect((await visitor.post(`/api/user-download/docs/${freshFree().id}/`)).status).toBe(200);
    const doc = freshFree();
    const refused = await visitor.post(`/api/user-download/docs/${doc.id}/`);
    expectErrorBody(refused, 402, 'free_quota_exhausted');
    expect(refused.body).toMatchObject({ docs: doc.id, left: 0, total: 2, pay: { route: 'guest/pay/order', query: { docs: String(doc.id) } } });
    expect(Value.Check(PayAnswer, refused.body)).toBe(true);
    expect((await visitor.get(`/api/obj-left-free-down-num/docs/${doc.id}/`)).body.left).toBe(0);
    clock.advance(24 * 3600 * 1000);
    expect((await visitor.post(`/api/user-download/docs/${doc.id}/`)).status).toBe(200);
  });

  test('all visitors of one address share a cap, so a new cookie does not reset the quota', async () => {
    clock.advance(24 * 3600 * 1000);
    let granted = 0;
    let refused: { status: number; body: { code: string } } | undefined;
    // 11 cookies x 2 would be 22 downloads: the address cap (20) stops the 21st
    for (let v = 0; v < 11 && !refused; v += 1) {
      const visitor = new Client(server.base);
      for (let i = 0; i < 2; i += 1) {
        const res = await visitor.post(`/api/user-download/docs/${freeDocs[(v * 2 + i) % freeDocs.length].id}/`);
        if (res.status === 200) granted += 1;
        else {
          refused = res;
          break;
        }
      }
    }
    expect(granted).toBe(20);
    expect(refused?.status).toBe(402);
    expect(refused?.body.code).toBe('free_quota_exhausted');
  });

  test('paid documents answer what the payment page needs; bought ones download without quota', async () => {
    clock.advance(24 * 3600 * 1000);
    const visitor = new Client(server.base);
    const guest = await visitor.post(`/api/user-download/docs/${paidPdf.id}/`);
    expectErrorBody(guest, 402, 'payment_required');
    expect(guest.body).toMatchObject({ docs: paidPdf.id, price: 500, is_free: false, pay: { route: 'guest/pay/order' } });
    expect(Value.Check(PayAnswer, guest.body)).toBe(true);

    const { client, uid } = await registeredClient(server.base);
    const user = await client.post(`/api/user-download/docs/${paidPdf.id}/`);
    expectErrorBody(user, 402, 'payment_required');
    expect(user.body.pay).toEqual({ route: 'user/pay/order', query: { docs: String(paidPdf.id) } });
    const quota = await client.get(`/api/obj-left-free-down-num/docs/${paidPdf.id}/`);
    expect(quota.body).toMatchObject({ is_free: false, price: 500, need_pay: true, left: 5, total: 5 });

    await server.app.db.query("INSERT INTO docs_purchases (user_id, docs_id, order_no) VALUES ($1, $2, 'T1')", [uid, paidPdf.id]);
    const bought = await client.post(`/api/user-download/docs/${paidPdf.id}/`);
    expect(bought.body).toMatchObject({ kind: 'paid', left: 5 });
    const file = await fetch(server.base + bought.body.url);
    expect(sha256(new Uint8Array(await file.arrayBuffer()))).toBe(paidPdf.sha256);
    expect(file.headers.get('content-type')).toBe('application/pdf');
  });

  test('a user has 5 free downloads a day; records, history and statistics show them', async () => {
    clock.advance(24 * 3600 * 1000);
    const { client } = await registeredClient(server.base);
    const docs = [freshFree(), freshFree(), freshFree(), freshFree(), freshFree(), freshFree()];
    for (const doc of docs.slice(0, 5)) expect((await client.post(`/api/user-download/docs/${doc.id}/`)).status).toBe(200);
    const sixth = await client.post(`/api/user-download/docs/${docs[5].id}/`);
    expectErrorBody(sixth, 402, 'free_quota_exhausted');
    expect(sixth.body.pay.route).toBe('user/pay/order');
    expect((await client.post(`/api/user-download/docs/${docs[0].id}/`)).body.kind).toBe('repeat');

    const records = await client.get(`/api/docs-down-record/?docs=${docs[0].id}`);
    expect(records.body.count).toBe(2);
    expect(records.body.results[0]).toMatchObject({ kind: 'repeat', docs: { id: docs[0].id } });
    const history = await client.get('/api/docs-down-history-record/');
    expect(history.body.count).toBe(5);
    expect(history.body.results[0].docs.id).toBe(docs[0].id);
    const stats = await client.get('/api/docs-down-statistics/');
    expect(stats.body).toMatchObject({ today: 6, total: 6, free_total: 5, free_left: 0 });

    const visitor = new Client(server.base);
    expectErrorBody(await visitor.get('/api/docs-down-record/'), 403, 'not_authenticated');
    expectErrorBody(await visitor.get('/api/docs-down-statistics/'), 403, 'not_authenticated');
  });

  test('downloading needs a published document; unknown ids 404; a bad share sign 400', async () => {
    const visitor = new Client(server.base);
    expectErrorBody(await visitor.post('/api/user-download/docs/99999999/'), 404, 'not_found');
    const [pending] = await seededDocs(server.app, 'd.status <> 1 AND d.status <> 5', 1);
    expectErrorBody(await visitor.post(`/api/user-download/docs/${pending.id}/`), 404, 'not_found');
    expectErrorBody(await visitor.get(`/api/obj-left-free-down-num/docs/${pending.id}/`), 404, 'not_found');
    expectErrorBody(await visitor.post(`/api/user-download/docs/${freeDocs[0].id}/?sign=1.forged`), 400, 'invalid_sign');
  });

  test('a share sign names the sharer on the download record', async () => {
    clock.advance(24 * 3600 * 1000);
    const sharer = await registeredClient(server.base);
    const doc = freshFree();
    const share = await sharer.client.get(`/api/docs-share-sign/${doc.id}/`);
    expect(share.body.share_url).toBe(`/app/articles/docs/detail/${doc.id}?sign=${encodeURIComponent(share.body.sign)}`);
    expect((await new Client(server.base).get(`/api/docs-share-sign/${doc.id}/`)).body).toEqual({
      sign: '',
      share_url: `/app/articles/docs/detail/${doc.id}`,
    });
    const friend = new Client(server.base);
    const res = await friend.post(`/api/user-download/docs/${doc.id}/?sign=${encodeURIComponent(share.body.sign)}`);
    expect(res.status).toBe(200);
    const [row] = await server.app.db.query<{ share_user_id: number }>(
      'SELECT share_user_id FROM download_records WHERE docs_id = $1 ORDER BY id DESC LIMIT 1',
      [doc.id],
    );
    expect(row.share_user_id).toBe(sharer.uid);
  });

  test('preview: a paid PDF is cut to 3 pages on the server; the buyer and the uploader read it all', async () => {
    const visitor = new Client(server.base);
    const info = await visitor.get(`/api/docs-preview-page/${paidPdf.id}/`);
    expect(info.body).toMatchObject({ type: 'pdf', pages: paidPdf.pages, preview_pages: 3, limited: true });
    expect(info.body.message).toBe('付费文档仅可预览前3页，购买后可阅读全文');
    const beyond = await visitor.get(`/api/docs-preview-url/${paidPdf.id}/4/`);
    expectErrorBody(beyond, 403, 'preview_limit');
    expect(beyond.body.pay.route).toBe('guest/pay/order');
    expectErrorBody(await visitor.get(`/api/docs-preview-url/${paidPdf.id}/${paidPdf.pages + 1}/`), 404, 'not_found');

    const url = await visitor.get(`/api/docs-preview-url/${paidPdf.id}/1/`);
    expect(url.status).toBe(200);
    const pdf = await fetch(server.base + url.body.url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const cut = await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()));
    expect(cut.getPageCount()).toBe(3);

    const { client, uid } = await registeredClient(server.base);
    await server.app.db.query('INSERT INTO docs_purchases (user_id, docs_id) VALUES ($1, $2)', [uid, paidPdf.id]);
    expect((await client.get(`/api/docs-preview-page/${paidPdf.id}/`)).body).toMatchObject({ limited: false, preview_pages: paidPdf.pages });
    const full = await fetch(server.base + (await client.get(`/api/docs-preview-url/${paidPdf.id}/${paidPdf.pages}/`)).body.url);
    expect(sha256(new Uint8Array(await full.arrayBuffer()))).toBe(paidPdf.sha256);

    clock.advance(601_000);
    expectErrorBody(await visitor.get(url.body.url), 403, 'link_expired');
  });

  test('preview of text and Markdown: page by page as text, the pages together are the file', async () => {
    const [text] = await seededDocs(server.app, "d.status = 1 AND d.file_type = 'txt' AND d.pages > 1", 1);
    const [md] = await seededDocs(server.app, "d.status = 1 AND d.file_type = 'md'", 1);
    for (const doc of [text, md]) {
      const visitor = new Client(server.base);
      const info = await visitor.get(`/api/docs-preview-page/${doc.id}/`);
      expect(info.body).toMatchObject({ type: doc.file_type === 'md' ? 'markdown' : 'text', pages: doc.pages, limited: false });
      let joined = '';
      for (let page = 1; page <= doc.pages; page += 1) {
        const url = await visitor.get(`/api/docs-preview-url/${doc.id}/${page}/`);
        const res = await fetch(server.base + url.body.url);
        expect(res.headers.get('content-type')).toMatch(doc.file_type === 'md' ? /^text\/markdown/ : /^text\/plain/);
        joined += await res.text();
      }
      expect(joined).toBe((await server.app.content.storage.read(doc.storage_key)).toString('utf8'));
      expectErrorBody(await visitor.get(`/api/docs-preview-url/${doc.id}/${doc.pages + 1}/`), 404, 'not_found');
    }
    expect(text.pages).toBeGreaterThan(1);
    expectErrorBody(await new Client(server.base).get(`/api/docs-preview-url/${text.id}/0/`), 400, 'invalid');
  });

  test('blog appendices download with the same quota', async () => {
    clock.advance(24 * 3600 * 1000);
    const [appendix] = await server.app.db.query<{ id: number; name: string; sha256: string }>(
      `SELECT a.id, a.name, f.sha256 FROM blog_appendices a JOIN blogs b ON b.id = a.blogs_id JOIN content_files f ON f.id = a.file_id
        WHERE b.status = 1 AND a.price = 0 ORDER BY a.id LIMIT 1`,
    );
    const visitor = new Client(server.base);
    expect((await visitor.get(`/api/appendix-left-free-down-num/${appendix.id}/`)).body).toMatchObject({ left: 2, is_free: true });
    const link = await visitor.post(`/api/appendix-download/${appendix.id}/`);
    expect(link.status).toBe(200);
    const file = await fetch(server.base + link.body.url);
    expect(sha256(new Uint8Array(await file.arrayBuffer()))).toBe(appendix.sha256);
    expect(decodeURIComponent((file.headers.get('content-disposition') as string).split("UTF-8''")[1])).toBe(appendix.name);
    expect((await visitor.get(`/api/appendix-left-free-down-num/${appendix.id}/`)).body.left).toBe(1);
    expectErrorBody(await visitor.post('/api/appendix-download/99999999/'), 404, 'not_found');
  });
});
