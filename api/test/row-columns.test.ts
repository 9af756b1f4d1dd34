import type { BlogRow, DocRow } from '../src/modules/content/repositories/rows';
import { BLOG_ROW_CODEC, DOC_ROW_CODEC, RowColumns, type RowCodec } from '../src/modules/content/row-columns';

// The columns the pages of searches keep their rows in (src/modules/content/row-columns.ts); the cache's own rules
// (time limit, public rows, changes) are tested in content-caches.test.ts.

const doc = (id: number, over: Partial<DocRow> = {}): DocRow => ({
  id,
  title: `春江花月夜 ${id}`,
  summary: '春江潮水连海平，海上明月共潮生。',
  category_id: 7,
  category_name: '唐诗',
  uploader_id: 42,
  uploader_name: '张若虚',
  file_type: 'pdf',
  ext_cate: 'pdf',
  size: 1_234_567,
  pages: 12,
  status: 1,
  score: 45_000,
  rating: 5,
  views: 100,
  downloads: 9,
  comment_count: 3,
  collect_count: 2,
  price: 500,
  is_free: false,
  free_quota_ok: true,
  create_time: new Date('2026-11-30T08:01:02.345Z'),
  file_id: 77,
  preview_file_id: null,
  preview_pages: 3,
  ...over,
});

test('a document row and a blog row read back with every field as written, each read a new object', () => {
  const docs = new RowColumns(DOC_ROW_CODEC, 10, 10_000);
  const rows = [doc(1), doc(2, { preview_file_id: 88, preview_pages: null, is_free: true, free_quota_ok: false, file_type: 'docx', ext_cate: 'word' })];
  for (const row of rows) docs.set(row, 100, 1_000);
  for (const row of rows) {
    const kept = docs.fresh(row.id, 60_000, 2_000);
    expect(kept?.row).toEqual(row);
    expect(kept?.row).not.toBe(row);
    expect(kept?.at).toBe(1_000);
  }
  expect(Object.keys(docs.fresh(1, 60_000, 2_000)!.row).sort()).toEqual(Object.keys(doc(1)).sort());

  const blogs = new RowColumns(BLOG_ROW_CODEC, 10, 10_000);
  const blog: BlogRow = {
    id: 5,
    title: '读书笔记',
    summary: '',
    category_id: 3,
    category_name: '随笔',
    author_id: 9,
    author_name: '李白',
    status: 1,
    views: 0,
    comment_count: 4,
    collect_count: 1,
    appendix_count: 2,
    create_time: new Date('2026-01-02T03:04:05.006Z'),
    update_time: new Date('2026-02-03T04:05:06.007Z'),
  };
  blogs.set(blog, 100, 1_000);
  expect(blogs.fresh(5, 60_000, 2_000)?.row).toEqual(blog);
});

test('a row whose numbers do not fit the columns is not kept; past its time a row is gone, its slot used again', () => {
  const docs = new RowColumns(DOC_ROW_CODEC, 2, 10_000);
  docs.set(doc(1, { size: 2 ** 31 }), 100, 0); // a file of 2 GB: past an int32
  docs.set(doc(2, { score: 1.5 }), 100, 0);
  docs.set(doc(3, { preview_pages: -1 }), 100, 0); // -1 stands for null
  docs.set(doc(4, { create_time: 'not a date' as unknown as Date }), 100, 0);
  expect([docs.size, docs.bytes]).toEqual([0, 0]);
  docs.set(doc(5), 100, 0);
  docs.set(doc(6), 100, 0);
  docs.set(doc(7), 100, 0); // two rows at most: 5 goes
  expect([docs.fresh(5, 1_000, 0), docs.fresh(6, 1_000, 0)?.row.id, docs.fresh(7, 1_000, 0)?.row.id]).toEqual([undefined, 6, 7]);
  expect(docs.fresh(6, 1_000, 1_000)).toBeUndefined(); // its time is up
  docs.set(doc(8, { title: '新的一行' }), 100, 1_000); // in the slot 5 or 6 gave back
  expect(docs.fresh(8, 1_000, 1_000)?.row.title).toBe('新的一行');
  expect(docs.fresh(7, 60_000, 1_000)?.row).toEqual(doc(7));
  docs.delete(7);
  docs.clear();
  expect([docs.size, docs.bytes]).toEqual([0, 0]);
  for (const id of [9, 10, 11]) docs.set(doc(id), 100, 0); // every slot was given back
  expect([docs.size, docs.fresh(10, 1_000, 0)?.row.id, docs.fresh(11, 1_000, 0)?.row.id]).toEqual([2, 10, 11]);
});

test('least recently used out past the rows or the bytes, in the order of use; a row over the bytes alone is not kept', () => {
  const codec: RowCodec<{ id: number }> = { ints: 1, floats: 0, texts: 0, write: (r, c, i) => ((c.ints[i] = r.id), true), read: (c, i) => ({ id: c.ints[i] }) };
  const rows = new RowColumns(codec, 3, 100);
  const kept = () => [1, 2, 3, 4, 5, 6, 7].filter((id) => rows.fresh(id, 60_000, 0) !== undefined);
  for (const id of [1, 2, 3]) rows.set({ id }, 10, 0);
  rows.fresh(1, 60_000, 0); // 1 used: 2 is now the least recently used
  rows.set({ id: 4 }, 10, 0);
  expect(kept()).toEqual([1, 3, 4]); // reading them all used them in this order: 1, 3, 4
  rows.delete(3); // out of the middle of the order
  rows.set({ id: 5 }, 10, 0);
  rows.set({ id: 6 }, 10, 0); // three rows at most: 1, the least recently used, goes
  expect(kept()).toEqual([4, 5, 6]);
  rows.set({ id: 7 }, 85, 0); // 115 bytes: 4 and 5 go
  expect([kept(), rows.bytes]).toEqual([[6, 7], 95]);
  rows.set({ id: 1 }, 101, 0);
  expect([kept(), rows.size]).toEqual([[6, 7], 2]);
  rows.set({ id: 6 }, 20, 0); // set again: its old bytes gone, then 7 for the new ones (105 bytes with it)
  expect([kept(), rows.bytes]).toEqual([[6], 20]);
  rows.clear();
  for (const id of [1, 2, 3]) rows.set({ id }, 10, 0); // every slot given back
  expect([kept(), rows.bytes]).toEqual([[1, 2, 3], 30]);
});

test('a row that does not fit a column pushes no kept row out, and its slot is given back', () => {
  const docs = new RowColumns(DOC_ROW_CODEC, 2, 10_000);
  docs.set(doc(1), 100, 0);
  docs.set(doc(2), 100, 0);
  for (let i = 0; i < 5; i += 1) docs.set(doc(10 + i, { views: 2 ** 40 }), 100, 0); // not kept, each time
  docs.set(doc(3, { downloads: 10n as unknown as number }), 100, 0); // a bigint, as a driver gives past 2^53
  expect([docs.size, docs.fresh(1, 1_000, 0)?.row.id, docs.fresh(2, 1_000, 0)?.row.id]).toEqual([2, 1, 2]);
  docs.set(doc(4), 100, 0); // a slot is still free for it: 1, the least recently used, goes
  expect([docs.fresh(1, 1_000, 0), docs.fresh(2, 1_000, 0)?.row.id, docs.fresh(4, 1_000, 0)?.row.id]).toEqual([undefined, 2, 4]);
});
