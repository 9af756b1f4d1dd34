import { randomBytes } from 'node:crypto';
import { Client, testClock } from './accounts-helpers';
import { warmUpSearch } from '../src/modules/content';
import { addTextDoc, contentServer } from './content-helpers';
import { call, engines, useEngine, within, type TestServer } from './helpers';

interface HotKeyword {
  keyword: string;
  count: number;
}

describe.each(engines())('hot keywords and suggestions cannot be forged on %s', (engine) => {
  const db = useEngine(engine, __filename);
  const clock = testClock();
  let server: TestServer;
  let categoryId: number;
  let uploaderId: number;
  beforeAll(async () => {
    // X-Forwarded-For from loopback is believed, so that a test can search from other addresses
    server = await contentServer({ ...db.options(), trustProxy: 'loopback' }, clock);
    [{ id: categoryId }] = await server.app.db.query<{ id: number }>("SELECT id FROM content_categories WHERE name = '唐诗'");
    [{ id: uploaderId }] = await server.app.db.query<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1');
  });
  afterAll(async () => {
    await server?.close();
  });

  const hot = async (): Promise<HotKeyword[]> => {
    const res = await call(server.base, '/api/search-keyword/?page_size=50');
    expect(res.status).toBe(200);
    return res.body.results;
  };
  const countOf = async (keyword: string) => (await hot()).find((k) => k.keyword === keyword)?.count ?? 0;
  const suggestions = async (prefix: string): Promise<string[]> => {
    const res = await call(server.base, `/api/keyword-recommend/?keyword=${encodeURIComponent(prefix)}&page_size=20`);
    expect(res.status).toBe(200);
    return res.body.results.map((s: { keyword: string }) => s.keyword);
  };
  /** A search from a client that sends the visitor cookie it is given (or none). */
  const search = (keyword: string, cookie?: string, address?: string) =>
    call(server.base, `/api/articles/?keyword=${encodeURIComponent(keyword)}`, {
      headers: { ...(cookie ? { cookie } : {}), ...(address ? { 'x-forwarded-for': address } : {}) },
    });
  const invented = () => `visitor_id=${randomBytes(18).toString('base64url')}`;

  test('60 searches with 60 invented visitor cookies from one address count the keyword once', async () => {
    const word = '翠微峰';
    await addTextDoc(server.app, { categoryId, uploaderId, title: `${word}游记`, body: `${word}上白云深` });
    const before = await countOf(word);
    for (let i = 0; i < 60; i += 1) {
      const res = await search(word, invented());
      expect(res.body.count).toBeGreaterThan(0);
    }
    expect((await countOf(word)) - before).toBe(1);
    // a visitor the site gave a cookie to is a real one: it counts once more (and only once)
    const real = new Client(server.base);
    await real.get('/api/obj-left-free-down-num/docs/1/');
    for (let i = 0; i < 3; i += 1) await real.get(`/api/articles/?keyword=${encodeURIComponent(word)}`);
    expect((await countOf(word)) - before).toBe(2);
    // and a script that collects cookies from the site counts no more than a family behind one address
    for (let i = 0; i < 5; i += 1) {
      const collected = new Client(server.base);
      await collected.get('/api/obj-left-free-down-num/docs/1/');
      await collected.get(`/api/articles/?keyword=${encodeURIComponent(word)}`);
    }
    expect((await countOf(word)) - before).toBe(3);
  });

  test('the addresses of one IPv6 /64 are one address; other addresses count again', async () => {
    const word = '鹳雀楼';
    await addTextDoc(server.app, { categoryId, uploaderId, title: `${word}考`, body: `${word}欲穷千里目` });
    for (const address of ['2001:db8:1:2::a', '2001:db8:1:2::b', '2001:db8:1:2:ffff::1', '2001:0db8:0001:0002:0:0:0:9']) {
      expect((await search(word, invented(), address)).body.count).toBeGreaterThan(0);
    }
    expect(await countOf(word)).toBe(1);
    await search(word, invented(), '2001:db8:1:3::1');
    await search(word, undefined, '203.0.113.7');
    await search(word, invented(), '::ffff:203.0.113.7');
    expect(await countOf(word)).toBe(3);
  });

  test('a keyword with markup, a link or a bad word is never a hot keyword or a suggestion', async () => {
    const word = '青玉案';
    await addTextDoc(server.app, { categoryId, uploaderId, title: `${word}新注`, body: `${word}东风夜放花千树` });
    const refused = [`<b>${word}</b>`, `${word} www.example.com`, `${word}加微信领资料`, `${word}代开发票`];
    const real = [new Client(server.base), new Client(server.base)];
    for (const client of real) await client.get('/api/obj-left-free-down-num/docs/1/');
    for (const keyword of refused) {
      for (const client of real) {
        // the search itself still answers
        const res = await client.get(`/api/articles/?keyword=${encodeURIComponent(keyword)}`);
        expect(res.status).toBe(200);
        expect(res.body.count).toBeGreaterThan(0);
      }
    }
    const shown = (await hot()).map((k) => k.keyword);
    const suggested = [...(await suggestions(word)), ...(await suggestions('<')), ...(await suggestions(`${word} `))];
    for (const keyword of [...shown, ...suggested]) {
      expect(keyword).not.toMatch(/[<>]|www\.|微信|发票/);
    }
    // the plain keyword still counts
    await real[0].get(`/api/articles/?keyword=${encodeURIComponent(word)}`);
    expect(await countOf(word)).toBe(1);
  });

  test('a search that finds nothing is not counted', async () => {
    const word = 'qzxjvwk';
    const client = new Client(server.base);
    await client.get('/api/obj-left-free-down-num/docs/1/');
    const res = await client.get(`/api/articles/?keyword=${encodeURIComponent(word)}`);
    expect(res.body.count).toBe(0);
    expect(await suggestions('qzx')).not.toContain(word);
    // the word finds something from now on: had the empty search been counted, the hot list would show it now (it
    // hides keywords that find nothing, which alone would hide a wrong count)
    await addTextDoc(server.app, { categoryId, uploaderId, title: `${word}考`, body: `${word}之说` });
    clock.advance(61_000);
    expect(await countOf(word)).toBe(0);
    // the same searcher's search that finds something counts (so the zero above is the rule, not the searcher)
    await client.get(`/api/articles/?keyword=${encodeURIComponent(word)}`);
    expect(await countOf(word)).toBe(1);
  });

  test("a start's search warm-up searches the newest titles' words and counts none of them", async () => {
    const word = '琉璃瓦';
    await addTextDoc(server.app, { categoryId, uploaderId, title: word, body: `${word}映日` });
    const before = await countOf(word);
    const warm = await warmUpSearch(server.app, { titles: 3, searches: 20, budgetMs: 60_000, keywords: 0, keywordsBudgetMs: 0 });
    expect(warm.searches).toBeGreaterThan(0);
    expect(warm.searches).toBeLessThanOrEqual(20);
    clock.advance(61_000);
    expect((await countOf(word)) - before).toBe(0);
    // a visitor's search of the same word counts (so the zero above is the warm-up's, not the word's)
    const client = new Client(server.base);
    await client.get('/api/obj-left-free-down-num/docs/1/');
    const res = await client.get(`/api/articles/?keyword=${encodeURIComponent(word)}`);
    expect(res.body.count).toBeGreaterThan(0);
    expect((await countOf(word)) - before).toBe(1);
  });

  test("a start's warm-up reads the most searched keywords' matches: their first search reads no words from the database", async () => {
    const word = '滕王阁';
    const addDoc = (n: number) => addTextDoc(server.app, { categoryId, uploaderId, title: `${word}序之${n}`, body: `${word}落霞与孤鹜齐飞` });
    await addDoc(1);
    const client = new Client(server.base);
    await client.get('/api/obj-left-free-down-num/docs/1/');
    expect((await client.get(`/api/articles/?keyword=${encodeURIComponent(word)}`)).body.count).toBe(1);
    expect(await countOf(word)).toBe(1); // a hot keyword now
    /** The statements that read a word's postings (stored, or from the items) while `run` runs. */
    const wordReads = async (run: () => Promise<void>) => {
      const spy = jest.spyOn(server.app.db, 'preparedQuery');
      try {
        await run();
        return spy.mock.calls.filter(([name]) => name.startsWith('content_search_') && name.includes('postings')).length;
      } finally {
        spy.mockRestore();
      }
    };
    const searchAfterAChange = async (n: number, warm: boolean) => {
      await addDoc(n); // a change of an item holding the word: its kept postings and searches are forgotten
      if (warm) {
        const warmed = await warmUpSearch(server.app, { titles: 1, searches: 0, budgetMs: 60_000, keywords: 1000, keywordsBudgetMs: 60_000 });
        expect(warmed.keywords).toBeGreaterThan(0);
      }
      return wordReads(async () => {
        expect((await client.get(`/api/articles/?keyword=${encodeURIComponent(word)}`)).body.count).toBe(n);
      });
    };
    // without the warm-up the search reads the word (so the test sees such reads), after it none
    expect(await searchAfterAChange(2, false)).toBeGreaterThan(0);
    expect(await searchAfterAChange(3, true)).toBe(0);
  });

  test('every hot keyword shown finds something on the demo seed, and one that no longer does is not shown', async () => {
    const shown = await hot();
    expect(shown.length).toBeGreaterThanOrEqual(5);
    for (const { keyword } of shown) {
      const res = await search(keyword);
      expect({ keyword, found: res.body.count > 0 }).toEqual({ keyword, found: true });
    }
    // a keyword counted while it found something, whose document is gone since
    const word = '蓬莱阁';
    const id = await addTextDoc(server.app, { categoryId, uploaderId, title: `${word}记`, body: `${word}观海` });
    const client = new Client(server.base);
    await client.get('/api/obj-left-free-down-num/docs/1/');
    await client.get(`/api/articles/?keyword=${encodeURIComponent(word)}`);
    expect(await countOf(word)).toBe(1);
    // taken down straight in the database (as another API process would): PGlite hears its own NOTIFY before the
    // statement returns, PostgreSQL a moment later, and until then this process's kept search still answers
    await server.app.db.query('UPDATE documents SET status = 0 WHERE id = $1', [id]);
    const gone = async () => (await search(word)).body.count === 0;
    expect(await within(engine === 'pglite' ? 0 : 1000, gone)).toBeLessThan(1000);
    // the hot list checks its keywords at most a minute late
    clock.advance(61_000);
    expect(await countOf(word)).toBe(0);
  });
});
