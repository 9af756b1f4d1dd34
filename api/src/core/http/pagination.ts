import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page } from 'contracts';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PageQuery, PageSchema, type Page } from 'contracts';

export interface PaginateOptions<T> {
  /** Total number of rows of the (filtered) list. */
  count: () => Promise<number>;
  /** The rows of one page. */
  fetch: (limit: number, offset: number) => Promise<T[]>;
  defaultPageSize?: number;
  maxPageSize?: number;
}

export function invalidPage(): ApiError {
  return new ApiError(404, 'invalid_page', '页码无效');
}

/**
 * DRF PageNumberPagination: `{count, next, previous, results}`. next/previous are absolute-path URLs
 * (`/api/x/?a=1&page=3`) that keep the other query parameters, null at the ends; the link to page 1 drops
 * `page`. An empty list still has a page 1; any other page outside the list answers 404 invalid_page.
 */
export async function paginate<T>(request: FastifyRequest, options: PaginateOptions<T>): Promise<Page<T>> {
  const query = request.query as { page?: string; page_size?: number };
  const maxSize = options.maxPageSize ?? MAX_PAGE_SIZE;
  const pageSize = Math.min(query.page_size ?? options.defaultPageSize ?? DEFAULT_PAGE_SIZE, maxSize);

  const count = await options.count();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const page = parsePage(query.page, pages);
  if (page > pages) throw invalidPage();

  const results = await options.fetch(pageSize, (page - 1) * pageSize);
  return {
    count,
    next: page < pages ? pageLink(request.url, page + 1) : null,
    previous: page > 1 ? pageLink(request.url, page - 1) : null,
    results,
  };
}

function parsePage(raw: string | undefined, pages: number): number {
  if (raw === undefined || raw === '') return 1;
  if (raw === 'last') return pages;
  if (!/^[0-9]{1,9}$/.test(raw)) throw invalidPage();
  const page = Number(raw);
  if (page < 1) throw invalidPage();
  return page;
}

/** The request's own path and query with `page` replaced (removed for page 1). */
export function pageLink(url: string, page: number): string {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const params = new URLSearchParams(at === -1 ? '' : url.slice(at + 1));
  if (page === 1) params.delete('page');
  else params.set('page', String(page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
