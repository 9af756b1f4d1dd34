import { SEARCH_MAX_CHARS } from '../constants';
import { cutWords } from './segmenter';

/** At most this many words of a query take part (a pasted paragraph must not become a huge tsquery). */
const MAX_TERMS = 12;

export interface ParsedQuery {
  /** The keyword as it is counted for hot keywords: trimmed, spaces collapsed, lower case. */
  keyword: string;
  /** Distinct search words (jieba cut of the keyword). */
  terms: string[];
}

export function normaliseKeyword(raw: string): string {
  return raw.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase().slice(0, SEARCH_MAX_CHARS);
}

export function parseQuery(raw: string): ParsedQuery {
  const keyword = normaliseKeyword(raw);
  const terms = [...new Set(cutWords(keyword))].slice(0, MAX_TERMS);
  return { keyword, terms };
}

/** What a search's page highlights: the keyword's own parts (a phrase stays one mark), then the words searched for. */
export function searchMarks({ keyword, terms }: ParsedQuery): string[] {
  return [...new Set([...keyword.split(' ').filter(Boolean), ...terms])];
}

/**
 * A tsquery text of the terms joined by & (all) or | (any). Terms are letters and digits only (see
 * segmenter.ts), so quoting them needs no escapes; cast with `$n::tsquery`, which does not re-parse words.
 */
export function tsqueryText(terms: readonly string[], mode: 'all' | 'any'): string {
  return terms.map((t) => `'${t}'`).join(mode === 'all' ? ' & ' : ' | ');
}
