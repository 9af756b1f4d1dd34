import type { SearchHit } from './engine';
import type { ItemType } from 'contracts';

/** The kinds of a match: its type and relevance tier (1: the title holds the words). */
export const HIT_KINDS: { code: string; type: ItemType; rank: number }[] = [
  { code: 'D', type: 'docs', rank: 1 },
  { code: 'd', type: 'docs', rank: 0 },
  { code: 'B', type: 'blogs', rank: 1 },
  { code: 'b', type: 'blogs', rank: 0 },
];

/**
 * Every match of a search, in order, as its searches are kept (caches.ts): ids and kinds (an index of HIT_KINDS) in
 * two typed arrays, 9 bytes a match, the hits of a page made when it is asked for.
 */
export interface Matches {
  ids: Float64Array;
  kinds: Uint8Array;
}

/** A search that matched nothing. */
export function noMatches(): Matches {
  return { ids: new Float64Array(0), kinds: new Uint8Array(0) };
}

/** The index in HIT_KINDS of a match of `type` in tier `rank`. */
export function hitKind(type: ItemType, rank: number): number {
  return (type === 'blogs' ? 2 : 0) + (rank ? 0 : 1);
}

export function matchesPage(m: Matches, limit: number, offset: number): SearchHit[] {
  const out: SearchHit[] = [];
  for (let i = offset; i < Math.min(m.ids.length, offset + Math.max(0, limit)); i += 1) {
    const kind = HIT_KINDS[m.kinds[i]];
    out.push({ type: kind.type, id: m.ids[i], rank: kind.rank });
  }
  return out;
}
