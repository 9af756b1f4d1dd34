import type { FastifyInstance } from 'fastify';
import { EXT_CATES } from '../src/modules/content/constants';
import { databaseSearch, termPostingsText } from '../src/modules/content/repositories/search';
import type { SearchEngine, SearchRequest } from '../src/modules/content/search/engine';
import { parseQuery, tsqueryText } from '../src/modules/content/search/query';
import { cutWords } from '../src/modules/content/search/segmenter';
import { decodeTermPostings, itemFacts, termIndexSearch } from '../src/modules/content/search/term-index';
import { titleVectorLiteral, tsvectorLiteral } from '../src/modules/content/search/vector';
import { addTextDoc, contentServer } from './content-helpers';
import { engines, useEngine, type TestServer } from './helpers';

// Search by relevance answers from each word's postings (src/modules/content/search/term-index.ts) instead of the
// database's search: the two must find the same items, count them the same and order them the same, for every
// kind of search the site makes. A search keeps at most SEARCH_MAX_RESULTS matches: 16 here (1,000 on the site), so
// that the demo's common words take the database's other way, that of a search with more matches than that.

jest.mock('../src/modules/content/constants', () => ({ ...jest.requireActual('../src/modules/content/constants'), SEARCH_MAX_RESULTS: 16 }));

/** Every hit of a search (all its pages) and its count. */
async function answer(engine: SearchEngine, request: SearchRequest) {
  const prepared = await engine.prepare(request);
  return { count: prepared.count, hits: await prepared.hits(2000, 0), page3: await prepared.hits(7, 14) };
}

/** The postings engine, reading every word's postings from the database each time (nothing kept), never the database's search. */
function postingsOnly(app: FastifyInstance): SearchEngine {
  const refuse: SearchEngine = {
    prepare: () => Promise.reject(new Error('a relevance search went to the database')),
  };
  const facts = itemFacts();
  return termIndexSearch({ postings: async (t) => decodeTermPostings(await termPostingsText(app.db, t), facts, 0), facts, kept: () => true, database: refuse });
}

/** The moment of the items made together (a text: a Date keeps only milliseconds). */
const SAME = '2026-03-01T08:00:00.123456Z';

describe.each(engines())('search from the words postings on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;

  beforeAll(async () => {
    server = await contentServer(db.options());
    const [cat] = await server.app.db.query<{ category_id: number; uploader_id: number }>(
      `SELECT category_id, uploader_id FROM documents WHERE status IN (1, 5) ORDER BY id LIMIT 1`,
    );
    // items made at the same microsecond: the order falls to the id, then documents before blogs; and one made a
    // microsecond later, first (the lowest id): it comes first only if the microseconds are kept
    const later = await addTextDoc(server.app, { title: '同刻词条0号', body: '同刻正文 明月', categoryId: cat.category_id, uploaderId: cat.uploader_id });
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      ids.push(await addTextDoc(server.app, { title: `同刻词条${n}号`, body: `同刻正文 明月 第${n}篇`, categoryId: cat.category_id, uploaderId: cat.uploader_id }));
    }
    await server.app.db.query(`UPDATE documents SET create_time = $2::timestamptz WHERE id = ANY($1::bigint[])`, [ids, SAME]);
    await server.app.db.query(`UPDATE documents SET create_time = $2::timestamptz + interval '1 microsecond' WHERE id = $1`, [later, SAME]);
    // and a blog of the same moment and the same id as one of them
    const [blog] = await server.app.db.query<{ category_id: number; author_id: number; taken: boolean }>(
      `SELECT category_id, author_id, EXISTS (SELECT 1 FROM blogs WHERE id = $1) AS taken FROM blogs WHERE status = 1 ORDER BY id LIMIT 1`,
      [ids[1]],
    );
    expect(blog.taken).toBe(false);
    await server.app.db.query(
      `INSERT INTO blogs (id, title, summary, content, category_id, author_id, status, search_vector, title_vector, create_time, update_time)
       OVERRIDING SYSTEM VALUE VALUES ($1, '同刻博文', '', '同刻 明月', $2, $3, 1, $4::tsvector, $5::tsvector, $6::timestamptz, $6::timestamptz)`,
      [ids[1], blog.category_id, blog.author_id, tsvectorLiteral({ title: '同刻博文', body: '同刻 明月' }), titleVectorLiteral('同刻博文'), SAME],
    );
  }, 120_000);
  afterAll(() => server?.close());

  /** How many public items hold every word of `text` (no filter): 0 when its search found items holding any of them. */
  async function allWordsCount(text: string): Promise<number> {
    const { terms } = parseQuery(text);
    if (terms.length < 2) return -1;
    const [row] = await server.app.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM documents WHERE status IN (1, 5) AND search_vector @@ $1::tsquery)
            + (SELECT count(*) FROM blogs WHERE status = 1 AND search_vector @@ $1::tsquery) AS n`,
      [tsqueryText(terms, 'all')],
    );
    return Number(row.n);
  }

  /** The words of the public items' titles, most items first, and the requests the site makes with them. */
  async function requests(): Promise<SearchRequest[]> {
    const rows = await server.app.db.query<{ title: string }>(
      `SELECT title FROM documents WHERE status IN (1, 5) UNION ALL SELECT title FROM blogs WHERE status = 1`,
    );
    const counts = new Map<string, number>();
    for (const r of rows) for (const w of new Set(cutWords(r.title))) counts.set(w, (counts.get(w) ?? 0) + 1);
    const words = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w);
    expect(words.length).toBeGreaterThan(40);
    const common = words.slice(0, 12);
    const rare = words.slice(-12);
    const texts = [
      ...common,
      ...rare,
      '同刻',
      '明月',
      `${common[0]} ${common[1]}`,
      `${common[2]} ${rare[0]}`,
      `${rare[1]} ${rare[2]}`, // likely no item holds both: any word's items
      `${rare[3]} 区块链量子`,
      `${common[0]} ${common[1]} 区块链`, // items holding two of the three words: each once
      '同刻 明月', // the items of one moment, through two lists
      '区块链量子计算',
      '  ',
    ];
    const categories = await server.app.db.query<{ id: number }>(`SELECT DISTINCT category_id AS id FROM documents WHERE status IN (1, 5) ORDER BY 1 LIMIT 3`);
    const filters: Partial<SearchRequest>[] = [
      {},
      { type: 'docs' },
      { type: 'blogs' },
      ...EXT_CATES.map((extCate) => ({ extCate })),
      ...categories.map((c) => ({ categoryIds: [c.id] })),
      { type: 'docs', extCate: 'pdf', categoryIds: categories.map((c) => c.id) },
    ];
    return texts.flatMap((text) => filters.map((f) => ({ text, ...f })));
  }

  test('every search finds, counts and orders what the database search does', async () => {
    const fromPostings = postingsOnly(server.app);
    const fromDatabase = databaseSearch(server.app.db);
    let found = 0;
    let anyWord = 0;
    let many = 0;
    for (const request of await requests()) {
      const expected = await answer(fromDatabase, request);
      expect({ request, ...(await answer(fromPostings, request)) }).toEqual({ request, ...expected });
      if (expected.count > 0) found += 1;
      if (expected.count === 16) many += 1;
      if (expected.count > 0 && (await allWordsCount(request.text)) === 0) anyWord += 1;
    }
    // the corpus is not trivial: most searches find something, some with both tiers, some through any word
    expect(found).toBeGreaterThan(100);
    expect(anyWord).toBeGreaterThan(0);
    expect(many).toBeGreaterThan(10);
  }, 300_000);

  test('items of the same microsecond come by id, documents first, after one a microsecond later', async () => {
    const { hits } = await answer(postingsOnly(server.app), { text: '同刻' });
    const [later, ...same] = hits;
    expect(later.id).toBeLessThan(Math.min(...same.map((h) => h.id)));
    const [, middle] = same.filter((h) => h.type === 'docs').map((h) => h.id);
    expect(same.map((h) => h.type)).toEqual(['docs', 'docs', 'blogs', 'docs']);
    expect(same.map((h) => h.id)).toEqual(same.map((h) => h.id).sort((a, b) => b - a));
    expect(same[2].id).toBe(middle);
  });

  test('the site search answers from kept postings, and a published document is found at once', async () => {
    const before = await answer(server.app.content.search, { text: '同刻' });
    // another search of the same word (not a kept search): its postings are kept, the database is not asked
    const db = server.app.db;
    const asked = [jest.spyOn(db, 'query'), jest.spyOn(db, 'preparedQuery')];
    try {
      expect((await answer(server.app.content.search, { text: '同刻', type: 'docs' })).hits).toEqual(before.hits.filter((h) => h.type === 'docs'));
      expect(asked.map((spy) => spy.mock.calls.length)).toEqual([0, 0]);
    } finally {
      asked.forEach((spy) => spy.mockRestore());
    }
    const [cat] = await server.app.db.query<{ category_id: number; uploader_id: number }>(
      `SELECT category_id, uploader_id FROM documents WHERE status IN (1, 5) ORDER BY id LIMIT 1`,
    );
    const id = await addTextDoc(server.app, { title: '同刻新篇', body: '新的正文', categoryId: cat.category_id, uploaderId: cat.uploader_id });
    server.app.content.changes.changed('lists');
    const after = await answer(server.app.content.search, { text: '同刻' });
    expect(after.count).toBe(before.count + 1);
    expect(after.hits[0]).toEqual({ type: 'docs', id, rank: 1 });
  });
});

test('an item has the facts of the newest read: a read a change overtook writes none', () => {
  const facts = itemFacts();
  facts.record(5, 0, 7, 1000, 3, 1);
  facts.record(5, 1, 7, 2000, 4, 0);
  facts.record(4, 0, 7, 999, 9, 2); // began before the change of generation 5
  expect([facts.of(0).times[7], facts.of(0).categories[7], facts.of(0).exts[7], facts.of(1).times[7]]).toEqual([1000, 3, 1, 2000]);
  facts.record(6, 0, 9, 3000, 5, 1);
  expect([facts.generation(), facts.of(0).times[9]]).toEqual([6, 3000]);
  expect(() => decodeTermPostings(`${2 ** 21 + 1}:0:1:1:pdf`, facts, 6)).toThrow(RangeError);
  expect(decodeTermPostings('3:2:10:1:word,3:3:11:2:', facts, 6)).toEqual({ generation: 6, ids: Uint32Array.from([3, 3]), flags: Uint8Array.from([2, 3]) });
  expect([facts.of(0).exts[3], facts.of(1).categories[3]]).toEqual([2, 2]);
});

test('words read on either side of a change are not searched together: the database answers', async () => {
  const facts = itemFacts();
  const texts: Record<string, [string, number]> = { 明月: ['5:2:100:1:pdf,4:0:90:1:pdf', 1], 春风: ['5:0:100:1:pdf', 2] };
  const fromDatabase = { keyword: 'database', terms: [], count: 0, hits: async () => [] };
  const engine = termIndexSearch({
    postings: async (t) => decodeTermPostings(texts[t][0], facts, texts[t][1]),
    facts,
    kept: () => true,
    database: { prepare: async () => fromDatabase },
  });
  expect(await engine.prepare({ text: '明月 春风' })).toBe(fromDatabase);
  const alone = await engine.prepare({ text: '春风' });
  expect([alone.count, await alone.hits(10, 0)]).toEqual([1, [{ type: 'docs', id: 5, rank: 0 }]]);
  expect((await engine.prepare({ text: '春风', extCate: 'nothing' as never })).count).toBe(0);
});

test('a word nobody holds, read after a change, is answered from the postings: it writes no facts to wait for', async () => {
  const facts = itemFacts();
  // 明月 was read before the change (generation 1); 无人 and 清风 after it (generation 2), 清风 before anyone read a word with items
  const texts: Record<string, [string, number]> = { 明月: ['5:2:100:1:pdf', 1], 无人: ['', 2], 清风: ['', 2] };
  const fromDatabase = { keyword: 'database', terms: [], count: 0, hits: async () => [] };
  const engine = termIndexSearch({
    postings: async (t) => decodeTermPostings(texts[t][0], facts, texts[t][1]),
    facts,
    kept: () => true,
    database: { prepare: async () => fromDatabase },
  });
  expect((await engine.prepare({ text: '明月' })).count).toBe(1);
  const nobody = await engine.prepare({ text: '无人 清风' });
  expect(nobody).not.toBe(fromDatabase);
  expect([nobody.count, await nobody.hits(10, 0)]).toEqual([0, []]);
  // with a word of items from before the change, the words are of two generations: still the database
  expect(await engine.prepare({ text: '明月 无人' })).toBe(fromDatabase);
});
