import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { errorMessageOf, ListFooter, useAppState, type InfiniteList } from 'shared-kernel';

/** Where a list of this history entry is kept for the way back: the entry's key and its full path. */
export function useRestoreKey(): string {
  const location = useLocation();
  return `${location.key}|${location.pathname}${location.search}`;
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="ar-empty" role="status">
      <svg viewBox="0 0 64 48" width="72" height="54" aria-hidden="true">
        <rect x="8" y="10" width="48" height="32" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M8 22h14l4 6h12l4-6h14" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <p>{children}</p>
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const online = useAppState((s) => s.online);
  return (
    <div className="ar-error" role="alert">
      <p>{online ? errorMessageOf(error) : '加载失败，请检查网络后重试'}</p>
      <button type="button" className="ar-button" onClick={onRetry}>
        重试
      </button>
    </div>
  );
}

/** Placeholder rows while the first page loads, so the page does not jump when it arrives. */
export function SkeletonItems({ rows = 4 }: { rows?: number }) {
  return (
    <ul className="ar-list" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="ar-item ar-skeleton">
          <span className="ar-sk-icon" />
          <span className="ar-sk-lines">
            <span />
            <span />
            <span />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A paged list with the shared footer: skeleton rows on the first load, the API's message and a retry when the
 * first page fails, `empty` when there is nothing.
 */
export function ListView<T>({ list, renderItem, empty, label }: { list: InfiniteList<T>; renderItem: (item: T) => ReactNode; empty: ReactNode; label: string }) {
  if (list.items.length === 0) {
    if (list.status === 'loading') return <SkeletonItems />;
    if (list.status === 'error') return <ErrorState error={list.error} onRetry={list.retry} />;
    if (list.status === 'done') return <EmptyState>{empty}</EmptyState>;
  }
  return (
    <>
      <ul className="ar-list" aria-label={label}>
        {list.items.map(renderItem)}
      </ul>
      <ListFooter list={list} />
    </>
  );
}
