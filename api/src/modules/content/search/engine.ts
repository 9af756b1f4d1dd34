import type { ItemType } from 'contracts';
import type { ExtCate } from '../constants';

export type { ItemType } from 'contracts';

export interface SearchRequest {
  text: string;
  /** Only documents or only blogs; both when absent. */
  type?: ItemType;
  /** Documents of this kind only (blogs are left out). */
  extCate?: ExtCate;
  /** Items of these categories only (the chosen one and its descendants). */
  categoryIds?: number[];
  /** 'relevance' (default) or a field to sort by. */
  order?: SearchOrder;
}

export type SearchOrder =
  | 'relevance'
  | 'create_time'
  | '-create_time'
  | 'downloads'
  | '-downloads'
  | 'views'
  | '-views';

export interface SearchHit {
  type: ItemType;
  id: number;
  rank: number;
}

/** A search whose matches are counted; its pages are fetched next. */
export interface PreparedSearch {
  /** Normalised keyword (what hot keywords count). */
  keyword: string;
  /** What to highlight: the keyword's own parts (a phrase stays one mark), then the words searched for. */
  terms: string[];
  /** Matching items, at most SEARCH_MAX_RESULTS. */
  count: number;
  hits(limit: number, offset: number): Promise<SearchHit[]>;
}

/**
 * Full-text search over documents and blogs. repositories/search.ts runs it on the database's GIN-indexed tsvector columns;
 * a dedicated engine (Meilisearch, OpenSearch with an IK analyser) can implement the same interface.
 */
export interface SearchEngine {
  prepare(request: SearchRequest): Promise<PreparedSearch>;
}
