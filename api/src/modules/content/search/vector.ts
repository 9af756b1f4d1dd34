import { indexTokens } from './segmenter';

/** tsvector weights: title A, author / summary B, body C. */
export interface IndexedText {
  title: string;
  /** Author name, category name, summary. */
  secondary?: string;
  /** The body text (only its first BODY_CHARS are indexed). */
  body?: string;
}

/** Body text beyond this is not indexed (a search index of the opening is what readers search by). */
export const BODY_CHARS = 2000;
/** PostgreSQL's limits for tsvector positions. */
const MAX_POSITION = 16383;
const MAX_POSITIONS_PER_LEXEME = 255;

/**
 * The tsvector literal of a text: `'lexeme':1A,7A 'other':3C`, built here from jieba's tokens rather than by
 * PostgreSQL's parser (whose word splitting does not know Chinese and depends on the server's locale). Tokens
 * are letters and digits only, so the quoting needs no escapes. Cast with `$n::tsvector`.
 */
export function tsvectorLiteral(text: IndexedText): string {
  const positions = new Map<string, string[]>();
  let position = 0;
  const add = (part: string | undefined, weight: 'A' | 'B' | 'C') => {
    if (!part) return;
    for (const token of indexTokens(part)) {
      position = Math.min(position + 1, MAX_POSITION);
      let list = positions.get(token);
      if (!list) {
        list = [];
        positions.set(token, list);
      }
      if (list.length < MAX_POSITIONS_PER_LEXEME) list.push(`${position}${weight}`);
    }
  };
  add(text.title, 'A');
  add(text.secondary, 'B');
  add(text.body?.slice(0, BODY_CHARS), 'C');
  return [...positions].map(([lexeme, list]) => `'${lexeme}':${list.join(',')}`).join(' ');
}

/** The tsvector literal of a title alone (the first relevance tier of a search). */
export function titleVectorLiteral(title: string): string {
  return tsvectorLiteral({ title });
}
