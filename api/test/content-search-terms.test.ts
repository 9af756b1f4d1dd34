import type { FastifyInstance } from 'fastify';
import { EXT_CATES } from '../src/modules/content/constants';
import type { Queryable } from '../src/core/db/types';
import { databaseSearch, forgetOtherPostingsFormats, POSTINGS_FORMAT, TERM_POSTINGS_SQL, termPostingsText } from '../src/modules/content/repositories/search';
import type { SearchEngine, SearchRequest } from '../src/modules/content/search/engine';
import { parseQuery, tsqueryText } from '../src/modules/content/search/query';
import { cutWords } from '../src/modules/content/search/segmenter';
import type { ChangedItem } from '../src/modules/content/changes';
import { decodeTermPostings, itemFacts, TERM_CHANGES_BATCH, termChanges, termIndexSearch, type TermPostings } from '../src/modules/content/search/term-index';
import { titleVectorLiteral, tsvectorLiteral } from '../src/modules/content/search/vector';
import { addTextDoc, contentServer } from './content-helpers';
import { engines, useEngine, within, type TestServer } from './helpers';

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
  return termIndexSearch({
    postings: async (t) => decodeTermPostings(await termPostingsText(app.db, t), facts, 0),
    facts,
    settled: async () => undefined,
    kept: () => true,
    database: refuse,
  });
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

  test('a change of one item keeps the words it does not touch, and a word it touches is read again', async () => {
    const { app } = server;
    const spy = jest.spyOn(app.db, 'preparedQuery');
    const plain = jest.spyOn(app.db, 'query');
    // the words whose postings were asked for (the first statement of termPostingsText, the words its first parameter)
    const postingsStatements = ['content_search_stored_postings', 'content_search_term_postings'];
    const postingsReads = () => spy.mock.calls.filter(([name]) => name === 'content_search_stored_postings').flatMap(([, , params]) => params[0]);
    // any statement but a word's postings and the changed items' words: the database's own search
    const databaseSearches = () => [
      ...spy.mock.calls.filter(([name]) => !postingsStatements.includes(name)).map(([name]) => name),
      ...plain.mock.calls.map(([sql]) => sql).filter((sql) => !sql.includes('tsvector_to_array')),
    ];
    const clear = () => [spy, plain].forEach((s) => s.mockClear());
    // PostgreSQL's NOTIFY of a write comes a moment after it (PGlite's before it returns): a search while it arrives
    // would rightly ask the database, so each step waits until it is heard
    const heard: string[] = [];
    app.content.changes.onChange((change, item) => heard.push(`${change}:${item?.table}:${item?.id}`));
    const told = (id: number) => within(5000, async () => heard.includes(`items:documents:${id}`));
    try {
      // an earlier test's write may still be heard (PostgreSQL's NOTIFY comes a moment later) and overtake the read of
      // a word, which is then not kept: search until both words come from kept postings
      let round = 0;
      await within(5000, async () => {
        clear();
        round += 1;
        // a search not kept yet (a category of its own each round) needs the words' postings: none is read once both are kept
        await answer(app.content.search, { text: '明月', categoryIds: [1_000_000 + round] });
        await answer(app.content.search, { text: '同刻', categoryIds: [1_000_000 + round] });
        return postingsReads().length === 0;
      });
      const moon = await answer(app.content.search, { text: '明月' });
      const [other] = await app.db.query<{ id: number }>(
        `SELECT id FROM documents WHERE status IN (1, 5) AND NOT search_vector @@ '同刻 | 明月'::tsquery ORDER BY id LIMIT 1`,
      );
      // an edit of an item holding neither word, told as the write paths tell it (its row forgotten, the change named)
      await app.db.query(`UPDATE documents SET title = title || '（修订）' WHERE id = $1`, [other.id]);
      app.content.rows.changed('documents', other.id);
      await told(other.id);
      clear();
      expect((await answer(app.content.search, { text: '明月', type: 'docs' })).hits).toEqual(moon.hits.filter((h) => h.type === 'docs'));
      await answer(app.content.search, { text: '同刻' });
      expect([postingsReads(), databaseSearches()]).toEqual([[], []]);
      // an item holding 明月 loses it: that word alone is read again, and the item is no longer found
      const held = moon.hits.find((h) => h.type === 'docs')!.id;
      const [{ vector }] = await app.db.query<{ vector: string }>(`SELECT search_vector::text AS vector FROM documents WHERE id = $1`, [held]);
      await app.db.query(`UPDATE documents SET search_vector = ts_delete(search_vector, '明月') WHERE id = $1`, [held]);
      try {
        app.content.rows.changed('documents', held);
        await told(held);
        clear();
        const after = await answer(app.content.search, { text: '明月' });
        expect(after.count).toBe(moon.count - 1);
        expect(after.hits).toEqual(moon.hits.filter((h) => !(h.type === 'docs' && h.id === held)));
        await answer(app.content.search, { text: '同刻' });
        expect([postingsReads(), databaseSearches()]).toEqual([['明月'], []]);
      } finally {
        heard.length = 0;
        await app.db.query(`UPDATE documents SET search_vector = $2::tsvector WHERE id = $1`, [held, vector]);
        app.content.rows.changed('documents', held);
        await told(held);
      }
      expect((await answer(app.content.search, { text: '明月' })).hits).toEqual(moon.hits);
    } finally {
      spy.mockRestore();
      plain.mockRestore();
    }
  });

  /** A new public document whose title holds a word, and that word. */
  async function docWithWord(title: string): Promise<{ id: number; word: string }> {
    const [cat] = await server.app.db.query<{ category_id: number; uploader_id: number }>(
      `SELECT category_id, uploader_id FROM documents WHERE status IN (1, 5) ORDER BY id LIMIT 1`,
    );
    const id = await addTextDoc(server.app, { title, body: '存放的正文', categoryId: cat.category_id, uploaderId: cat.uploader_id });
    const [{ words }] = await server.app.db.query<{ words: string[] }>(`SELECT tsvector_to_array(title_vector) AS words FROM documents WHERE id = $1`, [id]);
    return { id, word: words.sort((a, b) => b.length - a.length)[0] };
  }
  const stored = async (word: string) =>
    (
      await server.app.db.query<{ postings: string }>(`SELECT postings FROM search_term_postings WHERE word = $1 AND format = $2`, [
        word,
        POSTINGS_FORMAT,
      ])
    )[0]?.postings;

  test('a word read once is stored in the database; a change of an item holding it forgets it there, a count or title text does not', async () => {
    const { db } = server.app;
    const { id, word } = await docWithWord('存放词条甲');
    expect(await stored(word)).toBeUndefined();
    const first = await termPostingsText(db, word);
    // the newest item first; 2: its title holds the word
    expect(first.startsWith(`${id}:2:`)).toBe(true);
    expect(await stored(word)).toBe(first);
    // what is stored is what a read answers
    await db.query(`UPDATE search_term_postings SET postings = $2 WHERE word = $1`, [word, `${id}:0:1:0:`]);
    expect(await termPostingsText(db, word)).toBe(`${id}:0:1:0:`);
    // a change no search reads keeps it
    await db.query(`UPDATE documents SET title = title || '（修订）', downloads = downloads + 1 WHERE id = $1`, [id]);
    expect(await stored(word)).toBe(`${id}:0:1:0:`);
    // taken down: forgotten, and read again without it
    await db.query(`UPDATE documents SET status = 3 WHERE id = $1`, [id]);
    expect(await stored(word)).toBeUndefined();
    const down = await termPostingsText(db, word);
    expect(down.split(',').some((p) => p.startsWith(`${id}:`))).toBe(false);
    // stored again, unless no item holds the word now
    expect(await stored(word)).toBe(down === '' ? undefined : down);
    // published again, then another document holding the word: each forgets it
    await db.query(`UPDATE documents SET status = 1 WHERE id = $1`, [id]);
    expect(await stored(word)).toBeUndefined();
    expect(await termPostingsText(db, word)).toBe(first);
    const other = await docWithWord('存放词条甲');
    expect(other.word).toBe(word);
    expect(await stored(word)).toBeUndefined();
    expect((await termPostingsText(db, word)).startsWith(`${other.id}:2:`)).toBe(true);
  });

  test('every change a search reads forgets the words it touches, of documents and blogs, a delete too', async () => {
    const { db } = server.app;
    const { id, word } = await docWithWord('存放词条丙');
    const otherWord = '明月'; // held by other items, not by this document
    const [{ current, ext }] = await db.query<{ current: number; ext: string }>(`SELECT category_id AS current, ext_cate AS ext FROM documents WHERE id = $1`, [id]);
    const [{ category }] = await db.query<{ category: number }>(`SELECT id AS category FROM content_categories WHERE id <> $1 ORDER BY id LIMIT 1`, [current]);
    const [blog] = await db.query<{ id: number }>(`SELECT id FROM blogs WHERE title = '同刻博文'`);
    /** `word` read and stored, then `sql` run on `item`: the word is no longer stored. */
    const forgets = async (what: string, word: string, sql: string, params: unknown[]) => {
      await termPostingsText(db, word);
      expect([what, await stored(word)]).toEqual([what, expect.any(String)]);
      await db.query(sql, params);
      expect([what, await stored(word)]).toEqual([what, undefined]);
    };
    const documentChanges: [string, string, unknown[]][] = [
      ['category', `UPDATE documents SET category_id = $2 WHERE id = $1`, [id, category]],
      ['create time', `UPDATE documents SET create_time = create_time - interval '1 second' WHERE id = $1`, [id]],
      ['kind', `UPDATE documents SET ext_cate = $2 WHERE id = $1`, [id, EXT_CATES.find((e) => e !== ext)]],
      ['title words', `UPDATE documents SET title_vector = title_vector || '存放新增'::tsvector WHERE id = $1`, [id]],
    ];
    for (const [what, sql, params] of documentChanges) await forgets(`document ${what}`, word, sql, params);
    // a word the document comes to hold (the NEW half of the change)
    await forgets('a word gained', otherWord, `UPDATE documents SET search_vector = search_vector || $2::tsvector WHERE id = $1`, [id, `'${otherWord}'`]);
    await forgets('a document deleted', word, `DELETE FROM documents WHERE id = $1`, [id]);
    const blogChanges: [string, string, unknown[]][] = [
      ['category', `UPDATE blogs SET category_id = $2 WHERE id = $1`, [blog.id, category]],
      ['create time', `UPDATE blogs SET create_time = create_time + interval '1 second' WHERE id = $1`, [blog.id]],
      ['title words', `UPDATE blogs SET title_vector = title_vector || '存放新增'::tsvector WHERE id = $1`, [blog.id]],
      ['status', `UPDATE blogs SET status = 3 WHERE id = $1`, [blog.id]],
      ['status back', `UPDATE blogs SET status = 1 WHERE id = $1`, [blog.id]],
    ];
    try {
      for (const [what, sql, params] of blogChanges) await forgets(`blog ${what}`, '同刻', sql, params);
    } finally {
      await db.query(`UPDATE blogs SET category_id = (SELECT category_id FROM blogs WHERE id <> $1 ORDER BY id LIMIT 1), create_time = $2::timestamptz, status = 1 WHERE id = $1`, [
        blog.id,
        SAME,
      ]);
    }
  });

  test('the words that searches of one turn ask for are looked up in one statement; each search finds its own', async () => {
    const { app } = server;
    const texts = ['同刻词条', '明月正文', '无人持有乙'];
    const words = [...new Set(texts.flatMap((t) => parseQuery(t).terms))].sort();
    app.content.changes.changed('items'); // no word kept from an earlier test
    const spy = jest.spyOn(app.db, 'preparedQuery');
    try {
      const prepared = await Promise.all(texts.map((text) => app.content.search.prepare({ text })));
      const lookups = spy.mock.calls.filter(([name]) => name === 'content_search_stored_postings').map(([, , params]) => [...(params[0] as string[])].sort());
      expect(lookups).toEqual([words]);
      for (const [i, text] of texts.entries()) expect(prepared[i].count).toBe((await answer(databaseSearch(app.db), { text })).count);
      expect(prepared[0].count).toBeGreaterThan(0);
    } finally {
      spy.mockRestore();
    }
  });

  test('stored rows of another format are not read, and a word no item holds is not stored', async () => {
    const { db } = server.app;
    const { word } = await docWithWord('存放词条丁');
    await db.query(`INSERT INTO search_term_postings (word, format, postings) VALUES ($1, 'another build', '1:0:1:0:')`, [word]);
    try {
      const read = await termPostingsText(db, word);
      expect(read).not.toBe('1:0:1:0:');
      expect(await stored(word)).toBe(read);
      // what a start does: the other build's rows go, this build's stay
      await forgetOtherPostingsFormats(db);
      const formats = await db.query<{ format: string }>(`SELECT format FROM search_term_postings WHERE word = $1`, [word]);
      expect(formats).toEqual([{ format: POSTINGS_FORMAT }]);
    } finally {
      await db.query(`DELETE FROM search_term_postings WHERE format = 'another build'`);
    }
    expect(await termPostingsText(db, '无人持有之词')).toBe('');
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM search_term_postings WHERE word = '无人持有之词'`);
    expect(n).toBe(0);
  });

  if (engine === 'postgres') {
    /** PostgreSQL's read of a word that stores it (search_term_postings_read), inside a transaction: what it holds stays held. */
    const readAndStore = async (tx: Queryable, word: string) =>
      (
        await tx.query<{ postings: string }>('SELECT search_term_postings_read($1, $2, $3, $4::tsquery) AS postings', [
          word,
          POSTINGS_FORMAT,
          TERM_POSTINGS_SQL,
          tsqueryText([word], 'all'),
        ])
      )[0].postings;

    test('on PostgreSQL a change waits for a read that stores, then forgets what it stored', async () => {
      const { db } = server.app;
      const { id, word } = await docWithWord('存放词条戊');
      let change: Promise<unknown> | undefined;
      await db.transaction(async (tx) => {
        // a read that stores: its row is not committed yet
        await tx.query(`DELETE FROM search_term_postings WHERE word = $1`, [word]);
        expect(await readAndStore(tx, word)).not.toBe('');
        change = db.query(`UPDATE documents SET status = 3 WHERE id = $1`, [id]);
        await new Promise((resolve) => setTimeout(resolve, 200));
      });
      await change;
      expect(await stored(word)).toBeUndefined();
    });

    test('on PostgreSQL a read stores while another read of another word is storing', async () => {
      const { db } = server.app;
      const first = await docWithWord('鹦鹉螺化石');
      const { word } = await docWithWord('珊瑚礁地貌');
      expect(word).not.toBe(first.word);
      await db.query(`DELETE FROM search_term_postings WHERE word = ANY($1::text[])`, [[first.word, word]]);
      await db.transaction(async (tx) => {
        // another read under way, of a word of its own, not committed yet: this one stores too (0067's reads took a
        // lock one at a time, and under load a fresh store filled slowly)
        expect(await readAndStore(tx, first.word)).not.toBe('');
        const read = await termPostingsText(db, word);
        expect(read).not.toBe('');
        expect(await stored(word)).toBe(read);
      });
    });

    test('on PostgreSQL a read while a change holds the stored words answers as of before it and stores nothing', async () => {
      const { db } = server.app;
      const { id, word } = await docWithWord('存放词条乙');
      const before = await termPostingsText(db, word);
      expect(before.startsWith(`${id}:2:`)).toBe(true);
      await db.query(`DELETE FROM search_term_postings WHERE word = $1`, [word]);
      await db.transaction(async (tx) => {
        await tx.query(`UPDATE documents SET status = 3 WHERE id = $1`, [id]);
        // another connection: the change is not committed, so the document is still found, and nothing is stored
        // that its commit would make stale
        expect(await termPostingsText(db, word)).toBe(before);
        expect(await stored(word)).toBeUndefined();
      });
      const after = await termPostingsText(db, word);
      expect(after.split(',').some((p) => p.startsWith(`${id}:`))).toBe(false);
      expect(await stored(word)).toBe(after);
    });
  }
});

test('an item has the facts of a read that began after its last change: a read a change overtook writes none of it', () => {
  const facts = itemFacts();
  facts.record(4, 0, 7, 1000, 3, 1);
  facts.record(4, 1, 7, 2000, 4, 0);
  facts.changed(5, 0, 7);
  facts.record(4, 0, 7, 999, 9, 2); // began before the change of generation 5
  expect([facts.of(0).times[7], facts.of(0).categories[7], facts.of(0).exts[7], facts.of(1).times[7], facts.lastChange()]).toEqual([1000, 3, 1, 2000, 5]);
  facts.record(5, 0, 7, 1001, 5, 1);
  facts.record(4, 0, 8, 3000, 6, 1); // another item: its last change is older than the read
  expect([facts.of(0).times[7], facts.of(0).times[8]]).toEqual([1001, 3000]);
  facts.changedAll(6);
  facts.record(5, 0, 8, 3001, 6, 1);
  expect([facts.of(0).times[8], facts.lastChange()]).toEqual([3000, 6]);
  expect(() => decodeTermPostings(`${2 ** 21 + 1}:0:1:1:pdf`, facts, 6)).toThrow(RangeError);
  expect(decodeTermPostings('3:2:10:1:word,3:3:11:2:', facts, 6)).toEqual({ checked: 6, ids: Uint32Array.from([3, 3]), flags: Uint8Array.from([2, 3]) });
  expect([facts.of(0).exts[3], facts.of(1).categories[3]]).toEqual([2, 2]);
});

/** A search engine over words of `texts` (postings text, the generation their read began in), the database a marker. */
function termEngine(texts: Record<string, [string, number]>, facts = itemFacts()) {
  const fromDatabase = { keyword: 'database', terms: [], count: 0, hits: async () => [] };
  const engine = termIndexSearch({
    postings: async (t) => decodeTermPostings(texts[t][0], facts, texts[t][1]),
    facts,
    settled: async () => undefined,
    kept: () => true,
    database: { prepare: async () => fromDatabase },
  });
  return { engine, facts, fromDatabase };
}

test('a word read before a change it was not yet checked against is not searched: the database answers', async () => {
  const { engine, facts, fromDatabase } = termEngine({ 明月: ['5:2:100:1:pdf,4:0:90:1:pdf', 1], 春风: ['5:0:100:1:pdf', 2] });
  facts.changed(2, 0, 9);
  expect(await engine.prepare({ text: '明月 春风' })).toBe(fromDatabase);
  const alone = await engine.prepare({ text: '春风' });
  expect([alone.count, await alone.hits(10, 0)]).toEqual([1, [{ type: 'docs', id: 5, rank: 0 }]]);
  expect((await engine.prepare({ text: '春风', extCate: 'nothing' as never })).count).toBe(0);
});

test('a word nobody holds, read after a change, is answered from the postings', async () => {
  // 明月 was read before the change of generation 2; 无人 and 清风 after it
  const { engine, facts, fromDatabase } = termEngine({ 明月: ['5:2:100:1:pdf', 1], 无人: ['', 2], 清风: ['', 2] });
  expect((await engine.prepare({ text: '明月' })).count).toBe(1);
  facts.changed(2, 0, 9);
  const nobody = await engine.prepare({ text: '无人 清风' });
  expect(nobody).not.toBe(fromDatabase);
  expect([nobody.count, await nobody.hits(10, 0)]).toEqual([0, []]);
  expect(await engine.prepare({ text: '明月 无人' })).toBe(fromDatabase);
});

describe('kept words through changes (termChanges)', () => {
  /** Kept words as caches.ts keeps them, a Map by the word; `words`: what the changed items' vectors hold now. */
  function setUp(words: Record<string, string[]> = {}) {
    const facts = itemFacts();
    let generation = 1;
    const kept = new Map<string, TermPostings>();
    const read = (term: string, text: string) => kept.set(term, decodeTermPostings(text, facts, generation));
    const errors: unknown[] = [];
    const asked: string[][] = [];
    let fail = false;
    let enabled = true;
    const applied = termChanges({
      kept: { entries: () => kept.entries(), forget: (t) => void kept.delete(t), clear: () => kept.clear() },
      facts,
      generation: () => generation,
      enabled: () => enabled,
      itemWords: async (items) => {
        asked.push(items.map((i) => `${i.table}:${i.id}`));
        if (fail) throw new Error('read failed');
        return items.flatMap((i) => words[`${i.table}:${i.id}`] ?? []);
      },
      onError: (err) => errors.push(err),
    });
    const change = (item?: ChangedItem) => {
      generation += 1;
      applied.changed(item);
    };
    return { facts, kept, read, change, applied, errors, asked, failNext: () => (fail = true), disable: () => (enabled = false) };
  }

  test('a change forgets the words holding the item and the words it holds now; the others stay, checked up to it', async () => {
    const t = setUp({ 'documents:5': ['春风', '新词'] });
    t.read('明月', '5:2:100:1:pdf,4:0:90:1:pdf'); // holds document 5
    t.read('春风', '6:0:100:1:pdf'); // document 5 holds it now
    t.read('秋水', '5:1:100:1:'); // holds blog 5, not document 5
    t.read('远山', '7:0:100:1:pdf');
    t.change({ table: 'documents', id: 5 });
    await t.applied.settled();
    expect([...t.kept.keys()].sort()).toEqual(['秋水', '远山']);
    expect([...t.kept.values()].map((p) => p.checked)).toEqual([2, 2]);
    expect(t.facts.lastChange()).toBe(2);
    expect(t.asked).toEqual([['documents:5']]);
    // changes heard together are read together
    t.change({ table: 'blogs', id: 5 });
    t.change({ table: 'documents', id: 7 });
    await t.applied.settled();
    expect([...t.kept.keys()]).toEqual([]);
    expect(t.asked[1]).toEqual(['blogs:5', 'documents:7']);
  });

  test('a change heard while a batch reads its words waits for the next batch: until then no word is used', async () => {
    const reads: { items: string[]; done: (words: string[]) => void }[] = [];
    const facts = itemFacts();
    let generation = 1;
    const kept = new Map<string, TermPostings>();
    const applied = termChanges({
      kept: { entries: () => kept.entries(), forget: (t) => void kept.delete(t), clear: () => kept.clear() },
      facts,
      generation: () => generation,
      enabled: () => true,
      itemWords: (items) => new Promise((done) => reads.push({ items: items.map((i) => `${i.table}:${i.id}`), done })),
      onError: () => undefined,
    });
    kept.set('明月', decodeTermPostings('5:2:100:1:pdf', facts, generation));
    kept.set('远山', decodeTermPostings('7:0:100:1:pdf', facts, generation));
    const change = (id: number) => {
      generation += 1;
      applied.changed({ table: 'documents', id });
    };
    change(9);
    await new Promise((r) => setImmediate(r));
    expect(reads.map((r) => r.items)).toEqual([['documents:9']]);
    change(7); // heard while document 9's words are read
    reads[0].done([]);
    await new Promise((r) => setImmediate(r));
    // the first batch checked the words up to its own change only; the second one has forgotten the word holding
    // document 7 and reads its words: until it is done, 明月 (checked up to 2 of 3) is not used
    expect([[...kept.keys()], kept.get('明月')!.checked, facts.lastChange()]).toEqual([['明月'], 2, 3]);
    expect(reads.map((r) => r.items)).toEqual([['documents:9'], ['documents:7']]);
    reads[1].done([]);
    await applied.settled();
    expect([...kept.keys()]).toEqual(['明月']);
    expect(kept.get('明月')!.checked).toBe(3);
  });

  test('nothing kept reads nothing; while words are not kept a change forgets them all', async () => {
    const t = setUp({ 'documents:5': ['明月'] });
    t.change({ table: 'documents', id: 5 });
    await t.applied.settled();
    expect(t.asked).toEqual([]);
    t.read('远山', '7:0:100:1:pdf');
    t.disable(); // CONTENT_CACHE=off, or the LISTEN connection down
    t.change({ table: 'documents', id: 5 });
    await t.applied.settled();
    expect([t.kept.size, t.asked, t.facts.lastChange()]).toEqual([0, [], 3]);
  });

  test('a change naming no item, a batch past the limit and a failed read forget every word', async () => {
    const t = setUp();
    t.read('明月', '5:2:100:1:pdf');
    t.change();
    expect(t.kept.size).toBe(0);
    t.read('明月', '5:2:100:1:pdf');
    for (let id = 100; id <= 100 + TERM_CHANGES_BATCH; id += 1) t.change({ table: 'documents', id });
    await t.applied.settled();
    expect([t.kept.size, t.asked.length]).toEqual([0, 0]);
    t.read('明月', '5:2:100:1:pdf');
    t.failNext();
    t.change({ table: 'documents', id: 9 });
    await t.applied.settled();
    expect([t.kept.size, t.errors.length]).toEqual([0, 1]);
  });
});
