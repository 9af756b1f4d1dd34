import { CONTENT_CACHE_LIMITS } from '../src/modules/content/caches';
import { keptCache } from '../src/modules/content/kept-cache';
import { coalescedReads } from '../src/modules/content/coalesced-reads';
import { listRows, readTime } from '../src/modules/content/list-rows';
import { DOC_ROW_CODEC, RowColumns } from '../src/modules/content/row-columns';
import { docRowById } from '../src/modules/content/repositories/documents';
import { parseContentChange } from '../src/modules/content/changes';
import { registeredClient, type Client } from './accounts-helpers';
import { addTextDoc, contentServer, TEST_ROW_CODEC, type TestRow } from './content-helpers';
import { call, engines, useEngine, within, type TestServer } from './helpers';
import { createDoc, makePdf, uploadFile, useUploadsSite } from './uploads-helpers';

// The public lists and searches answer from caches (src/modules/content/caches.ts): every test here first asks the
// same pages twice (the second answer comes from the cache), then changes something, and the next answer must show
// the change: at once in the process that made it, within a bound in another process on the same PostgreSQL.

interface Listed {
  count: number;
  results: { id: number; title: string; comment_count: number; collect_count: number; type?: string; category: { name: string } }[];
}

async function page(base: string, path: string): Promise<Listed> {
  const res = await call(base, path);
  expect(res.status).toBe(200);
  return res.body as Listed;
}

/** The same page asked twice: the second answer is the kept one. */
async function warm(base: string, paths: string[]): Promise<void> {
  for (const path of paths) expect(await page(base, path)).toEqual(await page(base, path));
}

/** A document uploaded by `client`, converted and approved by a reviewer: public. */
async function publish(server: TestServer, client: Client, staff: Client, category: number, title: string): Promise<number> {
  const upload = await uploadFile(client, '缓存.pdf', await makePdf(1, 'cache probe'));
  const created = await createDoc(client, upload, category, { title, summary: `${title}的简介` });
  expect(created.status).toBe(201);
  await server.app.uploads.drain();
  expect((await staff.post(`/api/staff/docs/${created.body.id}/approve/`)).body.status).toBe(1);
  return created.body.id;
}

async function reviewer(server: TestServer): Promise<Client> {
  const { client, uid } = await registeredClient(server.base);
  await server.app.db.query(`INSERT INTO staff_roles (user_id, role) VALUES ($1, 'reviewer')`, [uid]);
  return client;
}

/** Switches migration 0060's NOTIFY triggers off or on (their names in the migration). */
async function contentTriggers(server: TestServer, action: 'ENABLE' | 'DISABLE'): Promise<void> {
  const triggers: Record<string, string[]> = {
    documents: ['documents_lists_insert', 'documents_lists_delete', 'documents_lists_update', 'documents_items_update'],
    blogs: ['blogs_lists_insert', 'blogs_lists_delete', 'blogs_lists_update', 'blogs_items_update'],
    blog_appendices: ['blog_appendices_items'],
  };
  for (const [table, names] of Object.entries(triggers)) {
    for (const name of names) await server.app.db.exec(`ALTER TABLE ${table} ${action} TRIGGER ${name}`);
  }
}

/** Runs `body` with the kept answers' time limit shortened to `ms` (the lists show a count within it). */
async function withAnswerTtl(ms: number, body: () => Promise<void>): Promise<void> {
  const limits = CONTENT_CACHE_LIMITS.answers;
  const ttl = limits.ttlMs;
  limits.ttlMs = ms;
  try {
    await body();
  } finally {
    limits.ttlMs = ttl;
  }
}

describe.each(engines())('list and search caches on %s', (engine) => {
  const site = useUploadsSite(engine, __filename);
  const listOf = (category: number) => `/api/docs/?category=${category}&ordering=-create_time&page=1&page_size=20`;
  const articlesOf = (category: number) => `/api/articles/?category=${category}&page=1&page_size=20`;
  const searchFor = (keyword: string) => `/api/articles/?keyword=${encodeURIComponent(keyword)}&page=1&page_size=20`;

  test('published, edited, deleted: the cached lists and searches show it at once; comments and favourites within their time limit', async () => {
    const { server, category } = site;
    // the write paths tell this process's caches themselves: the database's NOTIFY (migration 0060) is off here
    await contentTriggers(server, 'DISABLE');
    try {
      await writePaths(server, category);
    } finally {
      await contentTriggers(server, 'ENABLE');
    }
  });

  async function writePaths(server: TestServer, category: number): Promise<void> {
    const { client, uid } = await registeredClient(server.base);
    const staff = await reviewer(server);
    // a document of the category whose detail page recommends the category's others (kept as the lists are)
    const neighbour = await addTextDoc(server.app, { title: '同类邻近文档', body: '同类', categoryId: category, uploaderId: uid, createTime: new Date('2020-01-01T00:00:00Z') });
    const recommended = `/api/articles-recommend/?docs=${neighbour}&page_size=6`; // the kept first ones (catalog.ts nearby)
    const paths = [listOf(category), articlesOf(category), searchFor('缓存探针'), `/api/docs/?search=${encodeURIComponent('缓存探针')}`, recommended];
    await warm(server.base, paths);
    const before = await page(server.base, listOf(category));
    expect((await page(server.base, searchFor('缓存探针'))).count).toBe(0);

    const id = await publish(server, client, staff, category, '缓存探针文档');
    const listed = await page(server.base, listOf(category));
    expect(listed.count).toBe(before.count + 1);
    expect(listed.results[0]).toMatchObject({ id, title: '缓存探针文档' });
    expect((await page(server.base, articlesOf(category))).results.map((r) => r.id)).toContain(id);
    expect((await page(server.base, searchFor('缓存探针'))).results.map((r) => r.id)).toEqual([id]);
    expect((await page(server.base, `/api/docs/?search=${encodeURIComponent('缓存探针')}`)).count).toBe(1);
    expect((await page(server.base, recommended)).results.map((r) => r.id)).toContain(id);

    await warm(server.base, paths);
    expect((await client.patch(`/api/docs/${id}/`, { title: '缓存探针改名' })).status).toBe(200);
    expect((await page(server.base, listOf(category))).results[0]).toMatchObject({ id, title: '缓存探针改名' });

    // counts (a comment, a favourite): the detail shows them at once; the lists and searches within their answers'
    // time limit (migration 0065: on a live site every count would otherwise drop every kept answer)
    await withAnswerTtl(1500, async () => {
      const kept = Date.now(); // before the pages are kept: their age is at most Date.now() - kept
      await warm(server.base, paths);
      expect((await client.post('/api/docs-comment/', { docs: id, content: '缓存之后的评论' })).status).toBe(201);
      expect((await client.post('/api/docs-collect/', { docs: id })).status).toBe(201);
      expect((await call(server.base, `/api/docs/${id}/`)).body).toMatchObject({ comment_count: 1, collect_count: 1 });
      if (Date.now() - kept < 1000) {
        expect((await page(server.base, listOf(category))).results[0]).toMatchObject({ id, comment_count: 0, collect_count: 0 });
      }
      const counted = async () =>
        [await page(server.base, listOf(category)), await page(server.base, searchFor('缓存探针'))].every((p) =>
          p.results[0]?.id === id && p.results[0].comment_count === 1 && p.results[0].collect_count === 1);
      await within(3000, counted); // throws past 3 s
    });

    await warm(server.base, paths);
    expect((await client.delete(`/api/docs/${id}/`)).status).toBe(204);
    const after = await page(server.base, listOf(category));
    expect(after.count).toBe(before.count);
    expect((await page(server.base, recommended)).results.map((r) => r.id)).not.toContain(id);
    expect(after.results.map((r) => r.id)).not.toContain(id);
    expect((await page(server.base, articlesOf(category))).results.map((r) => r.id)).not.toContain(id);
    expect((await page(server.base, searchFor('缓存探针'))).count).toBe(0);
  }

  test('pages made of kept rows (list-rows.ts): an edit shows at once; a count within the time limit, counted from the row read', async () => {
    const { server, category } = site;
    const [{ uid }] = await server.app.db.query<{ uid: number }>('SELECT id AS uid FROM users ORDER BY id LIMIT 1');
    const id = await addTextDoc(server.app, { title: '行缓存探针文档', body: '行缓存探针', categoryId: category, uploaderId: uid });
    // each order and page size is another URL: its answer is made anew, from the rows kept by the pages before it
    const orders = ['relevance', '-create_time', 'create_time', '-views', 'views'];
    let n = 0;
    const url = () => {
      n += 1;
      return `/api/articles/?keyword=${encodeURIComponent('行缓存探针')}&ordering=${orders[Math.floor(n / 100) % 5]}&page=1&page_size=${1 + (n % 100)}`;
    };
    const another = async () => (await page(server.base, url())).results;
    const kept = server.app.content.listRows.documents;
    // a detail's row, as the engine's driver types it (not JSON's), fits the columns too (load.ts keeps it so)
    const detail = await docRowById(server.app.db, id);
    const columns = new RowColumns(DOC_ROW_CODEC, 1, 10_000);
    columns.set(detail!, 0, Date.now());
    expect(columns.fresh(id, 60_000, Date.now())?.row).toEqual(detail);
    await within(engine === 'pglite' ? 0 : 1000, async () => (await another()).some((r) => r.id === id));
    // the row comes from memory (on PostgreSQL another test's late NOTIFY may still forget it once)
    await within(1000, async () => {
      const hits = kept.stats().hits;
      return (await another()).map((r) => r.id).join() === String(id) && kept.stats().hits === hits + 1;
    });

    // a title written past the API (another process, a script): the database tells every process, which forgets the row
    await server.app.db.query("UPDATE documents SET title = '行缓存探针改名' WHERE id = $1", [id]);
    await within(engine === 'pglite' ? 0 : 1000, async () => (await another())[0]?.title === '行缓存探针改名');
    // a category renamed: a change that names no item forgets every row (their category names)
    const [{ name }] = await server.app.db.query<{ name: string }>('SELECT name FROM content_categories WHERE id = $1', [category]);
    await server.app.db.query("UPDATE content_categories SET name = '行缓存改名的分类' WHERE id = $1", [category]);
    try {
      await within(engine === 'pglite' ? 0 : 1000, async () => (await another())[0]?.category.name === '行缓存改名的分类');
    } finally {
      await server.app.db.query('UPDATE content_categories SET name = $2 WHERE id = $1', [category, name]);
    }

    await withAnswerTtl(1500, async () => {
      await server.app.db.query("UPDATE documents SET title = '行缓存探针文档' WHERE id = $1", [id]);
      const before = Date.now(); // the row is read after this, and before `read`
      await within(engine === 'pglite' ? 0 : 1000, async () => (await another())[0]?.title === '行缓存探针文档');
      const read = Date.now();
      // a count is not told (migration 0065): pages show it once their rows' time is up, however new the page
      await server.app.db.query('UPDATE documents SET comment_count = comment_count + 1 WHERE id = $1', [id]);
      await new Promise((r) => setTimeout(r, 700));
      const late = url();
      const first = (await page(server.base, late)).results[0];
      if (Date.now() - before < 1400) expect(first.comment_count).toBe(0); // made now, of the row read before the count
      await new Promise((r) => setTimeout(r, Math.max(0, read + 1600 - Date.now())));
      // that page's answer was kept, but aged from its row's read: past the time limit it is made anew, of the row read anew
      expect((await page(server.base, late)).results[0].comment_count).toBe(1);
    });
  });

  test('a row another process or a script writes shows too: the database tells every process (NOTIFY)', async () => {
    const { server, category } = site;
    const [{ uid }] = await server.app.db.query<{ uid: number }>('SELECT id AS uid FROM users ORDER BY id LIMIT 1');
    const paths = [listOf(category), searchFor('库外写入'), `/api/articles-category/${category}/`];
    await warm(server.base, paths);
    const before = await page(server.base, listOf(category));
    const docsCount = (await call(server.base, `/api/articles-category/${category}/`)).body.docs_count;

    // straight into the database, past every write path of the API (as another API process or a script would)
    const id = await addTextDoc(server.app, { title: '库外写入的文档', body: '库外写入', categoryId: category, uploaderId: uid });
    const shown = async () => (await page(server.base, listOf(category))).results[0]?.id === id;
    // PGlite hears its own NOTIFY before the write's statement returns; PostgreSQL a moment later
    expect(await within(engine === 'pglite' ? 0 : 1000, shown)).toBeLessThan(1000);
    expect((await page(server.base, listOf(category))).count).toBe(before.count + 1);
    expect((await page(server.base, searchFor('库外写入'))).results.map((r) => r.id)).toEqual([id]);
    expect((await call(server.base, `/api/articles-category/${category}/`)).body.docs_count).toBe(docsCount + 1);

    await warm(server.base, paths);
    await server.app.db.query('UPDATE documents SET status = 4 WHERE id = $1', [id]);
    const gone = async () => !(await page(server.base, listOf(category))).results.some((r) => r.id === id);
    expect(await within(engine === 'pglite' ? 0 : 1000, gone)).toBeLessThan(1000);
    expect((await page(server.base, searchFor('库外写入'))).count).toBe(0);
    expect((await call(server.base, `/api/articles-category/${category}/`)).body.docs_count).toBe(docsCount);

    // view counts written by the counter: the detail shows them at once; the lists show and sort by them within
    // their answers' time limit (migration 0064: a write every 5 s must not drop every kept answer)
    await withAnswerTtl(1500, async () => {
      const byViews = `/api/docs/?category=${category}&ordering=-views&page=1&page_size=5`;
      const last = (await page(server.base, `/api/docs/?category=${category}&ordering=views&page=1&page_size=1`)).results[0];
      const top = (await page(server.base, byViews)).results[0] as unknown as { id: number; views: number };
      const kept = Date.now();
      for (let i = 0; i <= top.views; i += 1) server.app.content.views.add('documents', last.id);
      await server.app.content.views.flush();
      expect((await call(server.base, `/api/docs/${last.id}/`)).body.views).toBeGreaterThan(top.views);
      if (Date.now() - kept < 1000) expect((await page(server.base, byViews)).results[0].id).toBe(top.id);
      await within(3000, async () => (await page(server.base, byViews)).results[0].id === last.id); // throws past 3 s
    });

    // the same for a download count written straight into the database (migration 0065); a title is told at once
    await withAnswerTtl(1500, async () => {
      const byDownloads = `/api/docs/?category=${category}&ordering=-downloads&page=1&page_size=5`;
      const last = (await page(server.base, `/api/docs/?category=${category}&ordering=downloads&page=1&page_size=1`)).results[0];
      const top = (await page(server.base, byDownloads)).results[0] as unknown as { id: number; downloads: number };
      const kept = Date.now();
      await server.app.db.query('UPDATE documents SET downloads = $2 WHERE id = $1', [last.id, top.downloads + 1]);
      if (Date.now() - kept < 1000) expect((await page(server.base, byDownloads)).results[0].id).toBe(top.id);
      await within(3000, async () => (await page(server.base, byDownloads)).results[0].id === last.id); // throws past 3 s

      await warm(server.base, [byDownloads]);
      const heard: unknown[] = [];
      server.app.content.changes.onChange((change, item) => heard.push({ change, item }));
      await server.app.db.query("UPDATE documents SET title = '库外改名的文档' WHERE id = $1", [last.id]);
      const renamed = async () => (await page(server.base, byDownloads)).results[0].title === '库外改名的文档';
      expect(await within(engine === 'pglite' ? 0 : 1000, renamed)).toBeLessThan(1000);
      // the change names its item (migration 0066): the kept search words drop only that item's own; a deleted one too
      expect(heard).toContainEqual({ change: 'items', item: { table: 'documents', id: last.id } });
      const [owner] = await server.app.db.query<{ category_id: number; uploader_id: number }>('SELECT category_id, uploader_id FROM documents WHERE id = $1', [last.id]);
      const gone = await addTextDoc(server.app, { title: '库外删除的文档', body: '删除', categoryId: owner.category_id, uploaderId: owner.uploader_id });
      await server.app.db.query('DELETE FROM documents WHERE id = $1', [gone]);
      const deleted = { change: 'lists', item: { table: 'documents', id: gone } };
      await within(1000, async () => heard.some((h) => JSON.stringify(h) === JSON.stringify(deleted)));
    });
  });
});

test('a change payload names its document or blog; anything else is a change of everything', () => {
  expect(parseContentChange('items:documents:12')).toEqual({ change: 'items', item: { table: 'documents', id: 12 } });
  expect(parseContentChange('lists:blogs:7')).toEqual({ change: 'lists', item: { table: 'blogs', id: 7 } });
  expect(parseContentChange('lists')).toEqual({ change: 'lists' });
  expect(parseContentChange('items:users:3')).toEqual({ change: 'items' });
  expect(parseContentChange('items:documents:x')).toEqual({ change: 'items' });
  expect(parseContentChange('categories:documents:3')).toEqual({ change: 'categories' });
  expect(parseContentChange('')).toEqual({ change: 'categories' });
});

test('values kept through changes (the search words): only a value being made while a change comes is not kept', async () => {
  let generation = 0;
  const cache = keptCache<string>({
    ttlMs: () => 60_000,
    maxEntries: 10,
    maxBytes: 1000,
    sizeOf: (_key, value) => value.length,
    generation: () => generation,
    enabled: () => true,
    keepThroughChanges: true,
  });
  await cache.get('a', async () => 'first');
  generation += 1;
  expect(await cache.get('a', async () => 'again')).toBe('first');
  let finish: (value: string) => void = () => undefined;
  const made = cache.get('b', () => new Promise<string>((resolve) => (finish = resolve)));
  generation += 1; // the change came while b was being made
  finish('stale');
  expect(await made).toBe('stale');
  expect(await cache.get('b', async () => 'fresh')).toBe('fresh');
  expect([...cache.entries()]).toEqual([['a', 'first'], ['b', 'fresh']]);
  cache.forget('a');
  expect([...cache.entries()].map(([key]) => key)).toEqual(['b']);
  cache.clear();
  expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
});

test('kept rows (list-rows.ts): the rest read, least recently used out past the entries or bytes, public rows only, a read a change overtook keeps nothing, each for the time limit', async () => {
  let generation = 0;
  let ttl = 60_000;
  const asked: number[][] = [];
  let v = '';
  let gate: Promise<void> | undefined; // a read waits for it while set
  const rows = listRows<TestRow>({
    codec: TEST_ROW_CODEC,
    fetch: async (ids) => {
      asked.push(ids);
      const value = v;
      await gate;
      return ids.filter((id) => id !== 404).map((id) => ({ id, v: value, hidden: id === 403 }));
    },
    ttlMs: () => ttl,
    maxEntries: 3,
    maxBytes: 100,
    sizeOf: (row) => (row.v === 'big' ? 85 : 10),
    keepable: (row) => !row.hidden,
    generation: () => generation,
    enabled: () => true,
  });
  const got = async (ids: number[], value: string, read = readTime()) => ((v = value), [...(await rows.get(ids, read))].map(([id, r]) => `${id}${r.v}`));
  expect(await got([1, 2, 404], 'a')).toEqual(['1a', '2a']); // a row that is gone is missing
  const read = { since: Date.now() + 60_000 };
  expect(await got([2, 3, 1], 'b', read)).toEqual(['2a', '1a', '3b']);
  expect(asked).toEqual([[1, 2, 404], [3]]);
  expect(read.since).toBeLessThanOrEqual(Date.now()); // the page is as old as its oldest row
  await got([4], 'c'); // four rows: 2, the least recently used, goes
  expect(await got([1, 2, 3, 4], 'd')).toEqual(['1a', '3b', '4c', '2d']); // 2 read again: 1, now the least recently used, goes
  rows.forget(3);
  expect(await got([3, 4], 'e')).toEqual(['4c', '3e']);
  expect(await got([403], 'f')).toEqual(['403f']);
  expect(await got([403], 'g')).toEqual(['403g']); // a row that is not public is not kept
  expect(rows.stats()).toMatchObject({ entries: 3, bytes: 30 });
  await got([5], 'big'); // 115 bytes: the least recently used go until 100 are left, though 3 rows may stay
  expect(rows.stats()).toMatchObject({ entries: 2, bytes: 95 });
  expect(await got([3, 6], 'h')).toEqual(['3e', '6h']);
  expect(asked.slice(-1)).toEqual([[6]]);

  let finish = () => {};
  gate = new Promise<void>((r) => (finish = r));
  v = 'i';
  const overtaken = rows.get([7], readTime());
  await new Promise((r) => setImmediate(r)); // the read has begun
  gate = undefined;
  generation += 1; // a change came while 7 was being read
  finish();
  expect([...(await overtaken).values()]).toEqual([{ id: 7, v: 'i', hidden: false }]);
  expect(await got([7, 3], 'j')).toEqual(['3e', '7j']); // 7 was not kept; a change alone forgets nothing else
  ttl = 0;
  expect(await got([3], 'k')).toEqual(['3k']);
  rows.forget();
  expect(rows.stats()).toMatchObject({ entries: 0, bytes: 0 });
});

test('row reads of one turn are one read (coalesced-reads.ts): the ids of every caller, each once, at most maxIds a read; a read under way is not joined; a failed read fails its callers', async () => {
  const reads: number[][] = [];
  let gate: Promise<void> | undefined;
  let fail = false;
  const read = coalescedReads<number, string>(async (ids) => {
    reads.push(ids);
    await gate;
    if (fail) throw new Error('database gone');
    return new Map(ids.filter((id) => id !== 404).map((id) => [id, `row${id}`]));
  }, 4);
  const entries = async (p: Promise<Map<number, string>>) => [...(await p).entries()];
  const [a, b, c] = await Promise.all([entries(read([1, 2])), entries(read([2, 3, 404])), entries(read([]))]);
  expect(reads).toEqual([[1, 2, 3, 404]]);
  expect(a).toEqual([[1, 'row1'], [2, 'row2']]);
  expect(b).toEqual([[2, 'row2'], [3, 'row3']]); // 404 is not found
  expect(c).toEqual([]);

  const split = await Promise.all([read([5, 6, 7]), read([8, 9, 5])]);
  expect(reads.slice(1)).toEqual([[5, 6, 7, 8], [9]]); // 5 was in the first read already
  expect(split.map((m) => [...m.keys()])).toEqual([[5, 6, 7], [8, 9, 5]]);

  let finish = () => {};
  gate = new Promise<void>((r) => (finish = r));
  const first = read([10]);
  await new Promise((r) => setImmediate(r)); // the read of 10 is under way
  gate = undefined;
  const second = read([10]);
  expect([...(await second).keys()]).toEqual([10]);
  finish();
  await first;
  expect(reads.slice(3)).toEqual([[10], [10]]); // the second asked again

  fail = true;
  await expect(Promise.all([read([11]), read([12])])).rejects.toThrow('database gone');
  fail = false;
  expect([...(await read([11])).keys()]).toEqual([11]); // nothing of the failed read is left behind
});

test('kept rows switched off (list-rows.ts): every row read, the pages of one turn in one read, none kept', async () => {
  const asked: number[][] = [];
  const rows = listRows<{ id: number }>({
    codec: { ints: 1, floats: 0, texts: 0, write: (row, c, i) => ((c.ints[i] = row.id), true), read: (c, i) => ({ id: c.ints[i] }) },
    fetch: async (ids) => (asked.push(ids), ids.map((id) => ({ id }))),
    ttlMs: () => 60_000,
    maxEntries: 10,
    maxBytes: 1000,
    sizeOf: () => 10,
    keepable: () => true,
    generation: () => 0,
    enabled: () => false,
  });
  const pages = await Promise.all([rows.get([1, 2], readTime()), rows.get([2, 3], readTime())]);
  expect(pages.map((page) => [...page.keys()])).toEqual([[1, 2], [2, 3]]);
  expect(asked).toEqual([[1, 2, 3]]);
  await rows.get([1], readTime());
  expect(asked).toEqual([[1, 2, 3], [1]]);
  expect(rows.stats()).toMatchObject({ entries: 0, bytes: 0 });
});

describe('the kept values (caches.ts): least recently used out past the bytes or entries, none kept across a change', () => {
  test('bounds, generations, waiting for a value being made', async () => {
    let generation = 0;
    const cache = keptCache<string>({
      ttlMs: () => 60_000,
      maxEntries: 3,
      maxBytes: 100,
      sizeOf: (_key, value) => value.length,
      generation: () => generation,
      enabled: () => true,
    });
    let made = 0;
    const make = (value: string) => async () => {
      made += 1;
      return value;
    };
    expect(await cache.get('a', make('x'.repeat(40)))).toBe('x'.repeat(40));
    expect(await cache.get('a', make('other'))).toBe('x'.repeat(40));
    await cache.get('b', make('y'.repeat(40)));
    await cache.get('a', make('other')); // a is now the most recently used
    await cache.get('c', make('z'.repeat(40))); // 120 bytes: b goes
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 80 });
    expect(await cache.get('b', make('again'))).toBe('again');
    await cache.get('d', make('1'));
    await cache.get('e', make('2')); // four entries: the least recently used goes
    expect(cache.stats().entries).toBe(3);
    expect(await cache.get('e', make('changed'))).toBe('2');
    generation += 1;
    expect(await cache.get('e', make('changed'))).toBe('changed');
    expect(await cache.get('huge', make('h'.repeat(101)))).toHaveLength(101);
    expect(await cache.get('huge', make('small'))).toBe('small'); // over the bytes alone: never kept

    // two requests for a value being made wait for one making; a change meanwhile keeps nothing
    made = 0;
    let release = (_v: string) => {};
    const slow = () => new Promise<string>((resolve) => (release = resolve));
    const first = cache.get('slow', () => (made++, slow()));
    const second = cache.get('slow', () => (made++, slow()));
    generation += 1;
    release('old');
    expect(await first).toBe('old');
    expect(await second).toBe('old');
    expect(made).toBe(1);
    expect(await cache.get('slow', make('new'))).toBe('new');
  });
});

// Several API processes on one PostgreSQL database (PGlite is one process by construction: its folder is locked)
if (engines().includes('postgres')) {
  describe('two API processes sharing PostgreSQL, both caching lists and searches', () => {
    const db = useEngine('postgres', `${__filename}-two`);
    let a: TestServer;
    let b: TestServer;
    let category: number;
    beforeAll(async () => {
      a = await contentServer({ ...db.options(), uploads: { worker: { enabled: false } } });
      b = await contentServer({ ...db.options(), uploads: { worker: { enabled: false } } });
      const [row] = await a.app.db.query<{ id: number }>('SELECT id FROM content_categories WHERE is_upload ORDER BY id LIMIT 1');
      category = Number(row.id);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    test('a document published and deleted through one process shows in the other one within a second', async () => {
      const list = `/api/docs/?category=${category}&ordering=-create_time&page=1&page_size=20`;
      const search = `/api/articles/?keyword=${encodeURIComponent('双进程探针')}&page=1&page_size=20`;
      await warm(a.base, [list, search]);
      const before = await page(a.base, list);
      const { client } = await registeredClient(b.base);
      const id = await publish(b, client, await reviewer(b), category, '双进程探针');
      const took = await within(1000, async () => (await page(a.base, list)).results[0]?.id === id);
      expect(took).toBeLessThan(1000);
      expect((await page(a.base, list)).count).toBe(before.count + 1);
      expect((await page(a.base, search)).results.map((r) => r.id)).toEqual([id]);

      await warm(a.base, [list, search]);
      expect((await client.delete(`/api/docs/${id}/`)).status).toBe(204);
      // (the words are still searched for one by one: other items may hold one of them)
      await within(1000, async () => !(await page(a.base, search)).results.some((r) => r.id === id));
      expect((await page(a.base, list)).count).toBe(before.count);
    });

    test('while its LISTEN connection is down a process keeps nothing, and caches again once it is back', async () => {
      const list = `/api/docs/?category=${category}&ordering=-create_time&page=1&page_size=20`;
      await warm(a.base, [list]);
      const [{ uid }] = await a.app.db.query<{ uid: number }>('SELECT id AS uid FROM users ORDER BY id LIMIT 1');
      // every LISTEN connection of the database goes (both servers'); the servers listen again a second later
      await a.app.db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'wendang-api-listen'`);
      await within(1000, async () => !a.app.content.changes.live());
      const id = await addTextDoc(a.app, { title: '断线时写入', body: '断线', categoryId: category, uploaderId: uid });
      expect((await page(a.base, list)).results[0].id).toBe(id); // nothing kept: the write shows although unheard
      await within(5000, async () => a.app.content.changes.live());
      await warm(a.base, [list]);
      await b.app.db.query('UPDATE documents SET status = 4 WHERE id = $1', [id]);
      await within(1000, async () => (await page(a.base, list)).results[0].id !== id);
    });
  });
}
