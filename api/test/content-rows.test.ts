import { rowCache } from '../src/modules/content/load';
import { TEST_ROW_CODEC as codec, type TestRow } from './content-helpers';

const row = (id: number, v: string): TestRow => ({ id, v, hidden: false });

// The detail rows the API keeps a moment (src/modules/content/load.ts): a row read while a write forgot it must not
// be kept, since the read may have seen the database before that write.

test('a row is kept from its read, and not when a row was forgotten while it was read', () => {
  const rows = rowCache(codec, 60_000);
  const before = rows.mark();
  rows.set(row(1, '读到的'), before);
  expect(rows.get(1)).toEqual(row(1, '读到的'));

  const readFrom = rows.mark();
  rows.forget(2); // another item's count written while item 3 was read
  rows.set(row(3, '写之前读的'), readFrom);
  expect(rows.get(3)).toBeUndefined();
  rows.set(row(3, '写之后读的'), rows.mark());
  expect(rows.get(3)).toEqual(row(3, '写之后读的'));

  rows.forget(1);
  expect(rows.get(1)).toBeUndefined();
  rows.forget();
  expect(rows.get(3)).toBeUndefined();
});

test('a kept row is forgotten when its time is up', () => {
  const now = jest.spyOn(Date, 'now').mockReturnValue(1_000);
  try {
    const rows = rowCache(codec, 2_000);
    rows.set(row(1, '一'), rows.mark());
    now.mockReturnValue(2_999);
    expect(rows.get(1)?.v).toBe('一');
    now.mockReturnValue(3_000);
    expect(rows.get(1)).toBeUndefined();
  } finally {
    now.mockRestore();
  }
});

test('past its bound the least recently used row goes, the others stay', () => {
  const rows = rowCache(codec, 60_000, 2);
  rows.set(row(1, '一'), rows.mark());
  rows.set(row(2, '二'), rows.mark());
  expect(rows.get(1)?.v).toBe('一'); // 1 read again: 2 is now the least recently used
  rows.set(row(3, '三'), rows.mark());
  expect([rows.get(1)?.v, rows.get(2), rows.get(3)?.v]).toEqual(['一', undefined, '三']);
});
