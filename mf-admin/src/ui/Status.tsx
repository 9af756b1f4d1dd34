import type { ReactNode } from 'react';
import { errorMessageOf, getRoute } from 'shared-kernel';
import { TEXTS } from '../texts';

export function Loading() {
  return (
    <p className="ad-muted" role="status">
      {TEXTS.loading}
    </p>
  );
}

/** A failed load in the page's place, with the kernel's message (the API's Chinese one) and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="ad-card ad-error" role="alert">
      <p>{errorMessageOf(error)}</p>
      <button type="button" className="ad-btn" onClick={onRetry}>
        {TEXTS.retry}
      </button>
    </div>
  );
}

/** A page of the console: the route's title as its heading, then the content. */
export function PageFrame({ route, children }: { route: string; children: ReactNode }) {
  return (
    <section className="ad-page" data-route={route}>
      <h1 className="ad-title">{getRoute(route).title}</h1>
      {children}
    </section>
  );
}

/** 'YYYY-MM-DD HH:mm' in the browser's time zone; '—' for none. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
