import { openPglite, SHARED_BUFFERS } from '../src/core/db/pglite';

// The embedded engine's buffer pool is part of the API's memory budget (docs/performance.md, "PGlite's buffer
// pool"): PostgreSQL's default would keep 128 MB of it resident in the WASM heap.
test('PGlite runs with the small buffer pool the memory budget is measured with', async () => {
  const db = await openPglite();
  try {
    const [row] = await db.query<{ setting: string; bytes: number }>(
      "SELECT current_setting('shared_buffers') AS setting, setting::int * 8192 AS bytes FROM pg_settings WHERE name = 'shared_buffers'",
    );
    expect(row.setting).toBe(SHARED_BUFFERS);
    expect(row.bytes).toBeLessThanOrEqual(16 * 1024 * 1024);
  } finally {
    await db.close();
  }
});
