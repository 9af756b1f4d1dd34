import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The module layout's rule (api/README.md): routes/ hold thin handlers; every SQL string lives in repositories/.
const MODULES = path.join(__dirname, '..', 'src', 'modules');
const SQL = /\b(SELECT\s[\s\S]*?\sFROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|WITH\s+\w+\s+AS\s*\()\b/i;

function routeFiles(): string[] {
  return readdirSync(MODULES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => {
      const routes = path.join(MODULES, d.name, 'routes');
      try {
        return readdirSync(routes).filter((f) => f.endsWith('.ts')).map((f) => path.join(routes, f));
      } catch {
        return [];
      }
    });
}

describe('API layout', () => {
  test('every module has routes, and no routes/ file holds SQL text', () => {
    const files = routeFiles();
    expect(files.length).toBeGreaterThan(10);
    const withSql = files.filter((f) => SQL.test(readFileSync(f, 'utf8'))).map((f) => path.relative(MODULES, f));
    expect(withSql).toEqual([]);
  });

  test('the check sees SQL where it is', () => {
    expect(SQL.test("db.query('SELECT id FROM documents WHERE id = $1')")).toBe(true);
    expect(SQL.test('`INSERT INTO content_comments (docs_id) VALUES ($1)`')).toBe(true);
    expect(SQL.test("app.get('/api/docs/', handler)")).toBe(false);
  });
});
