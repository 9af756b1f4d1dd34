import { engines, startServer, useEngine, type TestServer } from './helpers';

describe.each(engines())('Db.preparedQuery on %s', (engine) => {
  const db = useEngine(engine, __filename);
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(db.options());
    await server.app.db.exec(`
      CREATE TABLE prepared_probe (id bigint PRIMARY KEY, n numeric, d date, t timestamptz, j jsonb, s text, flag boolean);
      INSERT INTO prepared_probe VALUES
        (1, 12.50, '2026-01-02', '2026-01-02T03:04:05Z', '{"a":[1,2]}', '明月', true),
        (2, NULL, NULL, NULL, NULL, NULL, NULL),
        (9007199254740991, 0, '1999-12-31', '2000-01-01T00:00:00Z', '"x"', 'it''s', false);`);
  });
  afterAll(async () => {
    await server?.close();
  });

  const SQL = 'SELECT id, n, d, t, j, s, flag, count(*) OVER () AS total FROM prepared_probe WHERE id >= $1 ORDER BY id LIMIT $2';

  test('the same rows and JavaScript values as query(), call after call', async () => {
    for (const [from, limit] of [[1, 10], [2, 1], [9007199254740991, 5], [-3, 0]]) {
      const expected = await server.app.db.query(SQL, [from, limit]);
      for (let i = 0; i < 7; i += 1) {
        // past the fifth call PostgreSQL may switch to a generic plan: the answers must not change
        expect(await server.app.db.preparedQuery('probe_range', SQL, [from, limit])).toEqual(expected);
      }
    }
    const [first] = await server.app.db.preparedQuery<{ id: number; t: Date; d: string; n: string }>('probe_range', SQL, [1, 1]);
    expect(first).toMatchObject({ id: 1, d: '2026-01-02', n: '12.50' });
    expect(first.t).toBeInstanceOf(Date);
  });

  test('texts reach the statement as they are: quotes, backslashes and SQL in them stay text', async () => {
    const texts = ['明月', "it's", "x' OR '1'='1", '\\', "\\'; DROP TABLE prepared_texts; --", "E'\\''", '$1'];
    await server.app.db.exec('CREATE TABLE prepared_texts (id int PRIMARY KEY, s text NOT NULL)');
    for (const [i, text] of texts.entries()) await server.app.db.query('INSERT INTO prepared_texts VALUES ($1, $2)', [i, text]);
    const BY_TEXT = 'SELECT id, s FROM prepared_texts WHERE s = $1';
    for (const [i, text] of texts.entries()) {
      expect(await server.app.db.preparedQuery('probe_text', BY_TEXT, [text])).toEqual([{ id: i, s: text }]);
    }
    expect(await server.app.db.query('SELECT count(*)::int AS n FROM prepared_texts')).toEqual([{ n: texts.length }]);
    await expect(server.app.db.preparedQuery('probe_text', BY_TEXT, ['a\u0000b'])).rejects.toThrow(/integer or text parameters/);
  });

  test('an array of texts reaches the statement as its texts: quotes, backslashes, commas, braces and NULL in them stay text', async () => {
    const texts = ['明月', "it's", 'a,b', '{x}', '"quoted"', '\\', '\\"', 'NULL', '', "\\'; DROP TABLE prepared_list; --", ' a ', 'a b', '\t', '\n'];
    await server.app.db.exec('CREATE TABLE prepared_list (id int PRIMARY KEY, s text NOT NULL)');
    for (const [i, text] of texts.entries()) await server.app.db.query('INSERT INTO prepared_list VALUES ($1, $2)', [i, text]);
    const ANY_TEXT = 'SELECT id, s FROM prepared_list WHERE s = ANY($1::text[]) ORDER BY id';
    expect(await server.app.db.preparedQuery('probe_texts', ANY_TEXT, [texts])).toEqual(texts.map((s, id) => ({ id, s })));
    expect(await server.app.db.preparedQuery('probe_texts', ANY_TEXT, [['NULL', 'nothing']])).toEqual([{ id: 7, s: 'NULL' }]);
    expect(await server.app.db.preparedQuery('probe_texts', ANY_TEXT, [[]])).toEqual([]);
    expect(await server.app.db.query('SELECT count(*)::int AS n FROM prepared_list')).toEqual([{ n: texts.length }]);
    await expect(server.app.db.preparedQuery('probe_texts', ANY_TEXT, [['a', 'b\u0000']])).rejects.toThrow(/integer or text parameters/);
    await expect(server.app.db.preparedQuery('probe_texts', ANY_TEXT, [['a', 1] as unknown as string[]])).rejects.toThrow(/integer or text parameters/);
  });

  test('only plain names, integer or text parameters and one SQL text per name', async () => {
    await expect(server.app.db.preparedQuery('bad name; DROP TABLE x', SQL, [1, 1])).rejects.toThrow(/invalid prepared statement name/);
    await expect(server.app.db.preparedQuery('probe_range', SQL, [1.5, 1])).rejects.toThrow(/integer or text parameters/);
    await expect(server.app.db.preparedQuery('probe_range', SQL, [Number.NaN, 1])).rejects.toThrow(/integer or text parameters/);
    if (engine === 'pglite') {
      await expect(server.app.db.preparedQuery('probe_range', 'SELECT 1 WHERE $1 = $2', [1, 1])).rejects.toThrow(/another SQL text/);
    }
  });

  test('a statement that does not prepare fails its call and can be fixed under the same name', async () => {
    await expect(server.app.db.preparedQuery('probe_fix', 'SELECT nope FROM prepared_probe WHERE id = $1', [1])).rejects.toThrow();
    if (engine === 'pglite') {
      // the failed PREPARE is forgotten: the name is free again
      expect(await server.app.db.preparedQuery('probe_fix', 'SELECT s FROM prepared_probe WHERE id = $1', [1])).toEqual([{ s: '明月' }]);
    }
  });
});
