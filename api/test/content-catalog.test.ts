import { CONTENT_CACHE_LIMITS } from '../src/modules/content/caches';
import { DETAIL_ROW_TTL_MS, publicDocCondition } from '../src/modules/content/constants';
import { titleVectorLiteral, tsvectorLiteral } from '../src/modules/content/search/vector';
import { Client, registeredClient } from './accounts-helpers';
import { addTextDoc, contentServer, seededDocs } from './content-helpers';
import { call, engines, expectErrorBody, postJson, useEngine, type TestServer } from './helpers';

describe.each(engines())('documents, blogs, categories and search on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;
  beforeAll(async () => {
    server = await contentServer(db.options());
  });
  afterAll(async () => {
    await server?.close();
  });

  test('the quick seed made real files: PDFs, text and Markdown from the poems', async () => {
    const pdfs = await seededDocs(server.app, "d.file_type = 'pdf'");
    const texts = await seededDocs(server.app, "d.file_type IN ('txt', 'md')", 5);
    expect(pdfs.length).toBeGreaterThanOrEqual(3);
    expect(texts.length).toBe(5);
    for (const doc of pdfs) {
      const bytes = await server.app.content.storage.read(doc.storage_key);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.length).toBe(doc.size);
      expect(doc.pages).toBeGreaterThan(1);
    }
    for (const doc of texts) {
      const text = (await server.app.content.storage.read(doc.storage_key)).toString('utf8');
      expect(text).toMatch(/[\u4e00-\u9fff]{4}/);
    }
  });

  test('the document list pages, filters and orders', async () => {
    const page = await call(server.base, '/api/docs/?page_size=5');
    expect(page.status).toBe(200);
    expect(Object.keys(page.body)).toEqual(['count', 'next', 'previous', 'results']);
    expect(page.body.results).toHaveLength(5);
    expect(page.body.next).toBe('/api/docs/?page_size=5&page=2');
    const first = page.body.results[0];
    expect(first).toMatchObject({ active: 1, status_text: '已发布' });
    expect(typeof first.category.name).toBe('string');
    expect(typeof first.uploader.nickname).toBe('string');
    const times = page.body.results.map((d: { create_time: string }) => Date.parse(d.create_time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const byDownloads = await call(server.base, '/api/docs/?ordering=-downloads&page_size=20');
    const downloads = byDownloads.body.results.map((d: { downloads: number }) => d.downloads);
    expect([...downloads].sort((a, b) => b - a)).toEqual(downloads);

    const pdfs = await call(server.base, '/api/docs/?ext_cate=pdf&page_size=100');
    expect(pdfs.body.count).toBeGreaterThan(0);
    expect(pdfs.body.results.every((d: { ext_cate: string }) => d.ext_cate === 'pdf')).toBe(true);

    const paid = await call(server.base, '/api/docs/?is_free=false&page_size=100');
    expect(paid.body.results.every((d: { is_free: boolean; price: number }) => !d.is_free && d.price > 0)).toBe(true);

    // a root category lists the documents of its children
    const tree = await call(server.base, '/api/articles-category/');
    const poetry = tree.body.results.find((c: { name: string }) => c.name === '诗词');
    const inRoot = await call(server.base, `/api/docs/?category=${poetry.id}&page_size=1`);
    const childCounts = await Promise.all(
      poetry.children.map(async (c: { id: number }) => (await call(server.base, `/api/docs/?category=${c.id}&page_size=1`)).body.count),
    );
    expect(inRoot.body.count).toBe(childCounts.reduce((a: number, b: number) => a + b, 0));
  });

  test('bad list queries answer 400 or 404 in Chinese', async () => {
    expectErrorBody(await call(server.base, '/api/docs/?ordering=title'), 400, 'invalid');
    expectErrorBody(await call(server.base, '/api/docs/?ext_cate=exe'), 400, 'invalid');
    expectErrorBody(await call(server.base, '/api/docs/?category=abc'), 400, 'invalid');
    expectErrorBody(await call(server.base, '/api/docs/?category=999999'), 404, 'not_found');
    expectErrorBody(await call(server.base, '/api/docs/?page=99999'), 404, 'invalid_page');
    expectErrorBody(await call(server.base, `/api/docs/?search=${'长'.repeat(51)}`), 400, 'invalid');
    expectErrorBody(await call(server.base, '/api/docs/?search=%00'), 400, 'invalid');
    expectErrorBody(await call(server.base, '/api/articles/?keyword=明月&ordering=-price'), 400, 'invalid');
  });

  test('document detail: category path, preview, 404 for unknown and for others’ unpublished documents', async () => {
    const [doc] = await seededDocs(server.app, "d.status = 1 AND d.file_type = 'pdf'", 1);
    const detail = await call(server.base, `/api/docs/${doc.id}/`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: doc.id, title: doc.title, file_type: 'pdf', is_collected: false, is_owner: false });
    expect(detail.body.category_path.at(-1).id).toBe(doc.category_id);
    expect(detail.body.category_path[0].name).toBe('诗词');
    expect(detail.body.preview.type).toBe('pdf');
    // the PDF's first page's text comes with its detail (the page's HTML shows it before pdf.js draws): the seeded
    // PDF opens with its title, then the first text's title
    const lines = detail.body.first_page_text.split('\n');
    expect(lines[0]).toBe(doc.title);
    expect(lines.length).toBeGreaterThan(2);
    const [markdown] = await seededDocs(server.app, "d.status = 1 AND d.file_type = 'md'", 1);
    expect((await call(server.base, `/api/docs/${markdown.id}/`)).body.first_page_text).toBe('');

    expectErrorBody(await call(server.base, '/api/docs/987654321/'), 404, 'not_found');
    expectErrorBody(await call(server.base, '/api/docs/abc/'), 400, 'invalid');
    expectErrorBody(await call(server.base, '/api/docs/0/'), 400, 'invalid');

    const [pending] = await seededDocs(server.app, 'd.status = 0', 1);
    expectErrorBody(await call(server.base, `/api/docs/${pending.id}/`), 404, 'not_found');
    // ... but its uploader sees it
    const owner = await registeredClient(server.base);
    await server.app.db.query('UPDATE documents SET uploader_id = $1 WHERE id = $2', [owner.uid, pending.id]);
    const own = await owner.client.get(`/api/docs/${pending.id}/`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ status: 0, status_text: '待审核', active: 0, is_owner: true });
  });

  test('a public detail row is kept a moment: own writes show at once, other writes within DETAIL_ROW_TTL_MS', async () => {
    const [doc] = await seededDocs(server.app, 'd.status = 1', 1);
    const first = await call(server.base, `/api/docs/${doc.id}/`);
    expect(first.status).toBe(200);
    // a comment through this process: the kept row is forgotten at once
    const reader = await registeredClient(server.base);
    expect((await reader.client.post('/api/docs-comment/', { docs: doc.id, content: '好' })).status).toBe(201);
    expect((await call(server.base, `/api/docs/${doc.id}/`)).body.comment_count).toBe(first.body.comment_count + 1);
    // a change made elsewhere (another API process, an operator): the kept row still answers for a moment...
    await server.app.db.query('UPDATE documents SET status = 4 WHERE id = $1', [doc.id]);
    expect((await call(server.base, `/api/docs/${doc.id}/`)).status).toBe(200);
    // ...and no longer once its time is up
    await new Promise((resolve) => setTimeout(resolve, DETAIL_ROW_TTL_MS + 50));
    expectErrorBody(await call(server.base, `/api/docs/${doc.id}/`), 404, 'not_found');
    await server.app.db.query('UPDATE documents SET status = 1 WHERE id = $1', [doc.id]);
    // an unpublished item is never kept: its uploader reads every change at once
    const [pending] = await seededDocs(server.app, 'd.status = 0', 1);
    await server.app.db.query('UPDATE documents SET uploader_id = $1 WHERE id = $2', [reader.uid, pending.id]);
    expect((await reader.client.get(`/api/docs/${pending.id}/`)).body.title).toBe(pending.title);
    await server.app.db.query("UPDATE documents SET title = '改过的标题' WHERE id = $1", [pending.id]);
    expect((await reader.client.get(`/api/docs/${pending.id}/`)).body.title).toBe('改过的标题');
    await server.app.db.query('UPDATE documents SET title = $2 WHERE id = $1', [pending.id, pending.title]);
  });

  test('views are counted (batched) and shown at once; the counts never rewrite the document row', async () => {
    const [doc] = await seededDocs(server.app, 'd.status = 1', 1);
    const rowVersion = async () =>
      (await server.app.db.query<{ v: string }>('SELECT xmin::text AS v FROM documents WHERE id = $1', [doc.id]))[0].v;
    const before = (await call(server.base, `/api/docs/${doc.id}/`)).body.views;
    const after = (await call(server.base, `/api/docs/${doc.id}/`)).body.views;
    expect(after).toBe(before + 1);
    await server.app.content.views.flush();
    const version = await rowVersion();
    expect((await call(server.base, `/api/docs/${doc.id}/`)).body.views).toBe(after + 1);
    await server.app.content.views.flush();
    const [{ views }] = await server.app.db.query<{ views: number }>('SELECT views FROM document_views WHERE document_id = $1', [doc.id]);
    expect(views).toBe(after + 1);
    // the count lives in document_views (migration 0023): the documents row, and so its search index entries, stay
    expect(await rowVersion()).toBe(version);
  });

  test('views counted through HTTP order ?ordering=views of documents, blogs, articles and search', async () => {
    const [{ id: uploaderId }] = await server.app.db.query<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1');
    const [{ id: categoryId }] = await server.app.db.query<{ id: number }>(
      "INSERT INTO content_categories (name, description) VALUES ('浏览排序', '') RETURNING id",
    );
    server.app.content.categories.invalidate();
    try {
      await countAndOrderViews(categoryId, uploaderId);
    } finally {
      // the category tree test expects the seeded tree
      await server.app.db.query('DELETE FROM documents WHERE category_id = $1', [categoryId]);
      await server.app.db.query('DELETE FROM blogs WHERE category_id = $1', [categoryId]);
      await server.app.db.query('DELETE FROM content_categories WHERE id = $1', [categoryId]);
      server.app.content.categories.invalidate();
    }
  });

  async function countAndOrderViews(categoryId: number, uploaderId: number): Promise<void> {
    const add = (title: string) => addTextDoc(server.app, { categoryId, uploaderId, title, body: `${title}：明月照大江` });
    const a = await add('明月甲篇');
    const b = await add('明月乙篇');
    const c = await add('明月丙篇');
    const [{ id: blog }] = await server.app.db.query<{ id: number }>(
      `INSERT INTO blogs (title, content, category_id, author_id, status, search_vector, title_vector)
       VALUES ($1, $2, $3, $4, 1, $5::tsvector, $6::tsvector) RETURNING id`,
      ['明月读记', '读《明月》', categoryId, uploaderId, tsvectorLiteral({ title: '明月读记', body: '读《明月》' }), titleVectorLiteral('明月读记')],
    );
    const view = async (path: string, times: number) => {
      let views = -1;
      for (let i = 0; i < times; i += 1) {
        const answer = await call(server.base, path);
        expect(answer.status).toBe(200);
        views = answer.body.views;
      }
      return views;
    };
    // new items start at 0 (their counter rows come with the insert); an answer includes the views not yet written
    expect(await view(`/api/docs/${c}/`, 1)).toBe(1);
    expect(await view(`/api/docs/${a}/`, 4)).toBe(4);
    expect(await view(`/api/docs/${b}/`, 2)).toBe(2);
    expect(await view(`/api/blogs/${blog}/`, 3)).toBe(3);
    await server.app.content.views.flush();

    const ordered = async (path: string) =>
      (await call(server.base, path)).body.results.map((r: { id: number; views: number; type?: string }) => [r.type ?? '', r.id, r.views]);
    expect(await ordered(`/api/docs/?category=${categoryId}&ordering=-views`)).toEqual([['', a, 4], ['', b, 2], ['', c, 1]]);
    expect(await ordered(`/api/docs/?category=${categoryId}&ordering=views`)).toEqual([['', c, 1], ['', b, 2], ['', a, 4]]);
    expect(await ordered(`/api/blogs/?category=${categoryId}&ordering=-views`)).toEqual([['', blog, 3]]);
    expect(await ordered(`/api/articles/?category=${categoryId}&ordering=-views`)).toEqual([
      ['docs', a, 4], ['blogs', blog, 3], ['docs', b, 2], ['docs', c, 1],
    ]);
    expect(await ordered(`/api/docs/?search=${encodeURIComponent('明月')}&category=${categoryId}&ordering=-views`)).toEqual([
      ['', a, 4], ['', b, 2], ['', c, 1],
    ]);
    expect(await ordered(`/api/articles/?keyword=${encodeURIComponent('明月')}&category=${categoryId}&ordering=views`)).toEqual([
      ['docs', c, 1], ['docs', b, 2], ['blogs', blog, 3], ['docs', a, 4],
    ]);

    // more views add to the written counts and move the item up: in a list asked before, once its kept answer is
    // past its time limit (written views do not drop kept answers, migration 0064; content-caches.test.ts)
    expect(await view(`/api/docs/${c}/`, 4)).toBe(5);
    await server.app.content.views.flush();
    const limits = CONTENT_CACHE_LIMITS.answers;
    const ttl = limits.ttlMs;
    limits.ttlMs = 0;
    try {
      expect(await ordered(`/api/docs/?category=${categoryId}&ordering=-views`)).toEqual([['', c, 5], ['', a, 4], ['', b, 2]]);
    } finally {
      limits.ttlMs = ttl;
    }
    // the whole list too, across every category
    const all = (await call(server.base, '/api/docs/?ordering=-views&page_size=100')).body.results.map((r: { views: number }) => r.views);
    expect([...all].sort((x, y) => y - x)).toEqual(all);
  }

  test('search finds a word of a poem, highlighted, in documents and blogs', async () => {
    const [doc] = await seededDocs(server.app, "d.status = 1 AND d.file_type IN ('txt', 'md')", 1);
    const text = (await server.app.content.storage.read(doc.storage_key)).toString('utf8');
    // a line of the poem itself (not the title or the author)
    const line = text.split('\n').map((l) => l.replace(/^[#>*\s]+|\*$/g, '')).filter((l) => /[，。]/.test(l))[0];
    const cut = await postJson(server.base, '/api/cut-words/', { text: line });
    expect(cut.status).toBe(200);
    const word = cut.body.words.find((w: string) => w.length >= 2) as string;
    expect(word).toBeTruthy();

    const found = await call(server.base, `/api/articles/?keyword=${encodeURIComponent(word)}&page_size=100`);
    expect(found.status).toBe(200);
    const hit = found.body.results.find((r: { type: string; id: number }) => r.type === 'docs' && r.id === doc.id);
    expect(hit).toBeDefined();
    expect(`${hit.title_highlight}${hit.summary_highlight}`).toContain(`<em>${word}</em>`);

    const docsOnly = await call(server.base, `/api/docs/?search=${encodeURIComponent(word)}&page_size=100`);
    expect(docsOnly.body.results.some((r: { id: number }) => r.id === doc.id)).toBe(true);
    expect(docsOnly.body.count).toBeLessThanOrEqual(found.body.count);
  });

  test('ranking: title words first, then recency, then downloads; filters apply', async () => {
    const [cat] = await server.app.db.query<{ id: number }>("SELECT id FROM content_categories WHERE name = '唐诗'");
    const [other] = await server.app.db.query<{ id: number }>("SELECT id FROM content_categories WHERE name = '宋词'");
    const [user] = await server.app.db.query<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1');
    const word = '琉璃盏';
    const base = { categoryId: cat.id, uploaderId: user.id };
    const inBody = await addTextDoc(server.app, { ...base, title: '夜宴诗稿', body: `席上${word}光如水` });
    const oldTitle = await addTextDoc(server.app, { ...base, title: `${word}歌`, body: '旧作', createTime: new Date('2020-01-01'), downloads: 9 });
    const newTitle = await addTextDoc(server.app, { ...base, title: `${word}歌`, body: '新作', createTime: new Date('2024-01-01') });
    const otherCat = await addTextDoc(server.app, { ...base, categoryId: other.id, title: `${word}词`, body: '别调' });
    const res = await call(server.base, `/api/docs/?search=${encodeURIComponent(word)}`);
    const ids = res.body.results.map((r: { id: number }) => r.id);
    expect(ids.indexOf(newTitle)).toBeLessThan(ids.indexOf(oldTitle));
    expect(ids.indexOf(oldTitle)).toBeLessThan(ids.indexOf(inBody));
    expect(ids).toContain(otherCat);
    const filtered = await call(server.base, `/api/docs/?search=${encodeURIComponent(word)}&category=${cat.id}`);
    expect(filtered.body.results.map((r: { id: number }) => r.id).sort()).toEqual([inBody, oldTitle, newTitle].sort());
    const pdfOnly = await call(server.base, `/api/articles/?keyword=${encodeURIComponent(word)}&ext_cate=pdf`);
    expect(pdfOnly.body.count).toBe(0);
    const byDownloads = await call(server.base, `/api/docs/?search=${encodeURIComponent(word)}&ordering=-downloads`);
    expect(byDownloads.body.results[0].id).toBe(oldTitle);
  });

  test('highlights are safe HTML: the text is escaped, only <em> is markup', async () => {
    const [cat] = await server.app.db.query<{ id: number }>("SELECT id FROM content_categories WHERE name = '唐诗'");
    const [user] = await server.app.db.query<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1');
    await addTextDoc(server.app, {
      categoryId: cat.id,
      uploaderId: user.id,
      title: '<img src=x onerror=alert(1)>翡翠屏风"&\'',
      summary: '<script>alert(1)</script>翡翠屏风在此',
      body: '翡翠屏风',
    });
    const res = await call(server.base, `/api/articles/?keyword=${encodeURIComponent('翡翠屏风')}`);
    const hit = res.body.results.find((r: { title: string }) => r.title.startsWith('<img'));
    expect(hit.title_highlight).toBe('&lt;img src=x onerror=alert(1)&gt;<em>翡翠屏风</em>&quot;&amp;&#39;');
    expect(hit.summary_highlight).toBe('&lt;script&gt;alert(1)&lt;/script&gt;<em>翡翠屏风</em>在此');
  });

  test('hot keywords count real searches, once per searcher and day; suggestions as you type', async () => {
    const word = '桃花潭';
    const [cat] = await server.app.db.query<{ id: number }>("SELECT id FROM content_categories WHERE name = '唐诗'");
    const [user] = await server.app.db.query<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1');
    await addTextDoc(server.app, { categoryId: cat.id, uploaderId: user.id, title: `${word}记`, body: `${word}水深千尺` });
    const hot = async () => (await call(server.base, '/api/search-keyword/?page_size=50')).body.results as { keyword: string; count: number }[];
    expect((await hot()).find((k) => k.keyword === word)).toBeUndefined();
    const a = new Client(server.base);
    const b = new Client(server.base);
    // a visitor cookie identifies each searcher
    await a.get('/api/obj-left-free-down-num/docs/1/');
    await b.get('/api/obj-left-free-down-num/docs/1/');
    for (const client of [a, a, a, b]) {
      const res = await client.get(`/api/articles/?keyword=${encodeURIComponent(word)}`);
      expect(res.body.count).toBeGreaterThan(0);
    }
    expect((await hot()).find((k) => k.keyword === word)?.count).toBe(2);
    // a search that finds nothing is not a hot keyword
    await a.get(`/api/articles/?keyword=${encodeURIComponent('子虚乌有之词')}`);
    expect((await hot()).find((k) => k.keyword === '子虚乌有之词')).toBeUndefined();

    const suggestions = await call(server.base, `/api/keyword-recommend/?keyword=${encodeURIComponent('桃花')}`);
    expect(suggestions.status).toBe(200);
    expect(suggestions.body.results).toContainEqual({ keyword: word, type: 'keyword' });
    const titles = await call(server.base, `/api/keyword-recommend/?keyword=${encodeURIComponent('桃花潭记')}`);
    expect(titles.body.results).toContainEqual({ keyword: `${word}记`, type: 'title' });
    // LIKE wildcards are text, not patterns
    expect((await call(server.base, '/api/keyword-recommend/?keyword=%25')).body.results).toEqual([]);
    expectErrorBody(await call(server.base, '/api/keyword-recommend/'), 400, 'invalid');
  });

  test('cut-words uses jieba', async () => {
    const res = await postJson(server.base, '/api/cut-words/', { text: '中华人民共和国文档下载，床前明月光' });
    expect(res.status).toBe(200);
    expect(res.body.words).toEqual(expect.arrayContaining(['中华人民共和国', '文档', '下载', '明月光']));
    expect(res.body.words).not.toContain('，');
    expect(res.body.all).toContain('，');
    expectErrorBody(await postJson(server.base, '/api/cut-words/', { text: '' }), 400, 'invalid');
    expectErrorBody(await postJson(server.base, '/api/cut-words/', { text: 5 }), 400, 'invalid');
    expectErrorBody(await postJson(server.base, '/api/cut-words/', { text: 'x'.repeat(2001) }), 400, 'invalid');
  });

  test('categories: the tree, one category with counts, upload categories, 404', async () => {
    const tree = await call(server.base, '/api/articles-category/');
    expect(tree.body.results.map((c: { name: string }) => c.name)).toEqual(['诗词', '国学经典', '赏析随笔']);
    const tang = tree.body.results[0].children.find((c: { name: string }) => c.name === '唐诗');
    const one = await call(server.base, `/api/articles-category/${tang.id}/`);
    expect(one.body).toMatchObject({ id: tang.id, name: '唐诗', path: [{ name: '诗词' }, { name: '唐诗' }] });
    const [{ n }] = await server.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM documents WHERE category_id = $1 AND status IN (1, 5)',
      [tang.id],
    );
    expect(one.body.docs_count).toBe(n);
    expectErrorBody(await call(server.base, '/api/articles-category/424242/'), 404, 'not_found');

    const upload = await call(server.base, '/api/upload-category/');
    expect(upload.body.results.map((c: { full_name: string }) => c.full_name)).toContain('诗词 / 唐诗');
    expect(upload.body.results.map((c: { name: string }) => c.name)).not.toContain('诗词');

    const settings = await call(server.base, '/api/docs-setting/');
    expect(settings.body.free_down_num).toEqual({ user: 5, visitor: 2, address: 20 });
    expect(settings.body.rating_texts).toHaveLength(5);
  });

  test('articles mix documents and blogs; recommendations come from the same category', async () => {
    const mixed = await call(server.base, '/api/articles/?page_size=100');
    const types = new Set(mixed.body.results.map((r: { type: string }) => r.type));
    expect(mixed.body.count).toBeGreaterThan(200);
    expect(types).toEqual(new Set(['docs', 'blogs']));
    const blogsOnly = await call(server.base, '/api/articles/?type=blogs&page_size=5');
    expect(blogsOnly.body.results.every((r: { type: string }) => r.type === 'blogs')).toBe(true);

    const [doc] = await seededDocs(server.app, 'd.status = 1', 1);
    const rec = await call(server.base, `/api/articles-recommend/?docs=${doc.id}&page_size=50`);
    expect(rec.status).toBe(200);
    expect(rec.body.results.length).toBeGreaterThan(0);
    expect(rec.body.results.every((r: { id: number; category: { id: number } }) => r.id !== doc.id && r.category.id === doc.category_id)).toBe(true);
    expectErrorBody(await call(server.base, '/api/articles-recommend/?docs=99999999'), 404, 'not_found');
  });

  test("a document's recommendations are its category's others, page after page (the first kept per category)", async () => {
    // a category without children holding enough documents that the pages go past the kept first ones
    const [leaf] = await server.app.db.query<{ id: number }>(
      `SELECT d.category_id AS id FROM documents d WHERE ${publicDocCondition('d')}
          AND NOT EXISTS (SELECT 1 FROM content_categories c WHERE c.parent_id = d.category_id)
        GROUP BY d.category_id HAVING count(*) >= 20 ORDER BY count(*) DESC LIMIT 1`,
    );
    const newest = async (except: number) =>
      (await server.app.db.query<{ id: number }>(
        `SELECT id FROM documents d WHERE ${publicDocCondition('d')} AND category_id = $1 AND id <> $2 ORDER BY create_time DESC, id DESC`,
        [leaf.id, except],
      )).map((r) => Number(r.id));
    const inCategory = await newest(0);
    // the newest, one in the kept first ones, and one past them
    for (const reading of [inCategory[0], inCategory[3], inCategory[inCategory.length - 1]]) {
      const others = await newest(reading);
      for (const size of [6, 5]) {
        for (let p = 1; p <= 4; p += 1) {
          const res = await call(server.base, `/api/articles-recommend/?docs=${reading}&page=${p}&page_size=${size}`);
          if ((p - 1) * size >= others.length) {
            expect(res.status).toBe(404); // past the last page, as every list
            continue;
          }
          expect(res.status).toBe(200);
          expect(res.body.count).toBe(others.length);
          expect(res.body.results.map((r: { id: number }) => r.id)).toEqual(others.slice((p - 1) * size, p * size));
        }
      }
    }
  });

  test('blogs: list, detail with Markdown and appendices, unpublished ones hidden', async () => {
    const list = await call(server.base, '/api/blogs/?page_size=50');
    expect(list.body.results.length).toBeGreaterThan(10);
    const withAppendix = list.body.results.find((b: { appendix_count: number }) => b.appendix_count > 0);
    const detail = await call(server.base, `/api/blogs/${withAppendix.id}/`);
    expect(detail.status).toBe(200);
    expect(detail.body.content).toMatch(/^# /);
    expect(detail.body.appendices.length).toBe(withAppendix.appendix_count);
    const appendices = await call(server.base, `/api/blogs-appendix-storage/?blogs=${withAppendix.id}`);
    expect(appendices.body.results.map((a: { id: number }) => a.id)).toEqual(detail.body.appendices.map((a: { id: number }) => a.id));

    const [draft] = await server.app.db.query<{ id: number }>('SELECT id FROM blogs WHERE status <> 1 LIMIT 1');
    expectErrorBody(await call(server.base, `/api/blogs/${draft.id}/`), 404, 'not_found');
    expectErrorBody(await call(server.base, `/api/blogs-appendix-storage/?blogs=${draft.id}`), 404, 'not_found');
    const search = await call(server.base, `/api/blogs/?search=${encodeURIComponent('赏析')}`);
    expect(search.body.count).toBeGreaterThan(0);
    expect(search.body.results[0].title_highlight).toContain('<em>');
  });

  test('the OpenAPI document lists the content routes with their answers', async () => {
    const res = await call(server.base, '/api/openapi.json');
    expect(res.status).toBe(200);
    const expected: Record<string, string[]> = {
      // POST, PATCH, DELETE: the uploads module (docs/uploads.md)
      '/api/docs/': ['get', 'post'],
      '/api/docs/{id}/': ['delete', 'get', 'patch'],
      '/api/articles/': ['get'],
      '/api/docs-comment/': ['get', 'post'],
      '/api/docs-collect/': ['delete', 'get', 'post'],
      '/api/user-download/docs/{id}/': ['post'],
      '/api/docs-preview-url/{id}/{page}/': ['get'],
      '/api/articles-report/{id}/': ['delete', 'get'],
      '/api/cut-words/': ['post'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      const item = res.body.paths[path] ?? {};
      expect({ path, methods: Object.keys(item).filter((m) => m !== 'parameters').sort() }).toEqual({ path, methods });
      for (const method of methods) expect(Object.keys(item[method].responses ?? {}).length).toBeGreaterThan(0);
    }
  });
});
