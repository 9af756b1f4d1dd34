import { BoundedLru } from '../src/modules/content/bounded-lru';

// The eviction the content caches share (src/modules/content/bounded-lru.ts); the caches' own rules are tested in
// content-caches.test.ts and content-rows.test.ts.

test('an entry past its time is dropped with its bytes; a key set again is replaced, not counted twice', () => {
  const lru = new BoundedLru<string, string>(10, 100);
  lru.set('a', 'A', 30, 1_000);
  lru.set('b', 'B', 20, 1_000);
  lru.set('a', 'A2', 40, 1_000);
  expect([lru.size, lru.bytes]).toEqual([2, 60]);
  expect(lru.fresh('a', 500, 1_499)?.value).toBe('A2');
  expect(lru.fresh('b', 500, 1_500)).toBeUndefined(); // its time is up: gone, bytes and all
  expect([lru.size, lru.bytes]).toEqual([1, 40]);
  lru.delete('a');
  lru.delete('missing');
  expect([lru.size, lru.bytes]).toEqual([0, 0]);
});

test('past either bound the least recently used go; a value over the bytes alone is not kept', () => {
  const lru = new BoundedLru<number, number>(3, 100);
  for (const k of [1, 2, 3]) lru.set(k, k, 10, 0);
  lru.fresh(1, 1_000, 0); // 1 used: 2 is now the least recently used
  lru.set(4, 4, 10, 0);
  expect([...lru.entries()].map(([k]) => k)).toEqual([3, 1, 4]);
  lru.set(5, 5, 85, 0); // 115 bytes: 3 and 1 go
  expect([...lru.entries()].map(([k]) => k)).toEqual([4, 5]);
  expect(lru.bytes).toBe(95);
  lru.set(6, 6, 101, 0);
  expect([...lru.entries()].map(([k]) => k)).toEqual([4, 5]);
  lru.clear();
  expect([lru.size, lru.bytes]).toEqual([0, 0]);
});
