import { TEXTS } from '../texts';

/** A DRF page (contracts' PageSchema). */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** The API's page size (core/http/pagination: 20 unless asked otherwise). */
export const PAGE_SIZE = 20;

/** 上一页 / 下一页 and where we are; nothing when everything fits one page. */
export function Pager({ data, page, onPage }: { data: Page<unknown>; page: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(data.count / PAGE_SIZE));
  if (pages <= 1 && page === 1) return null;
  return (
    <nav className="ad-pager" aria-label="分页">
      <button type="button" className="ad-btn" disabled={!data.previous && page <= 1} onClick={() => onPage(page - 1)}>
        {TEXTS.prev}
      </button>
      <span className="ad-muted">{TEXTS.pageOf(page, pages, data.count)}</span>
      <button type="button" className="ad-btn" disabled={!data.next} onClick={() => onPage(page + 1)}>
        {TEXTS.next}
      </button>
    </nav>
  );
}
