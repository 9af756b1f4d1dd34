import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The module layout's rule (api/README.md): routes/ hold thin handlers; every SQL string lives in repositories/,
// for every file of every module (ledger, a library without routes, included).
const MODULES = path.join(__dirname, '..', 'src', 'modules');
const SQL = /\b(SELECT\s[\s\S]*?\sFROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|WITH\s+\w+\s+AS\s*\()\b/i;

/** Every .ts file under a folder, its subfolders included. */
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return tsFiles(full);
    return d.name.endsWith('.ts') ? [full] : [];
  });
}

const moduleFiles = () => tsFiles(MODULES).map((f) => path.relative(MODULES, f).split(path.sep).join('/'));
const inRepositories = (rel: string) => rel.split('/').includes('repositories');
const holdsSql = (rel: string) => SQL.test(readFileSync(path.join(MODULES, rel), 'utf8'));

describe('API layout', () => {
  test('every module has routes', () => {
    expect(moduleFiles().filter((f) => f.split('/')[1] === 'routes').length).toBeGreaterThan(10);
  });

  test('no file of a module outside repositories/ holds SQL text (routes, services, index.ts, helpers)', () => {
    const files = moduleFiles().filter((f) => !inRepositories(f));
    expect(files.filter((f) => f.split('/')[1] === 'services').length).toBeGreaterThan(10);
    const withSql = files.filter((f) => holdsSql(f));
    // the failure lists the files: move their SQL into a function of the module's repositories/
    expect(withSql).toEqual([]);
  });

  test('repositories/ hold SQL: the check reads the files it means to', () => {
    expect(moduleFiles().filter((f) => inRepositories(f) && holdsSql(f)).length).toBeGreaterThan(20);
  });

  test('the check sees SQL where it is', () => {
    expect(SQL.test("db.query('SELECT id FROM documents WHERE id = $1')")).toBe(true);
    expect(SQL.test('`INSERT INTO content_comments (docs_id) VALUES ($1)`')).toBe(true);
    expect(SQL.test("app.get('/api/docs/', handler)")).toBe(false);
  });
});
