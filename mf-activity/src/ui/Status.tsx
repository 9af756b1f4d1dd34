import type { ReactNode } from 'react';
import { errorMessageOf, getRoute } from 'shared-kernel';
import { TEXTS } from '../texts';

export function Loading() {
  return (
    <p className="ac-muted" role="status">
      {TEXTS.loading}
    </p>
  );
}

/** A failed load in the page's place, with the kernel's message and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="ac-card" role="alert">
      <p>{errorMessageOf(error)}</p>
      <button type="button" className="ac-btn" onClick={onRetry}>
        {TEXTS.retry}
      </button>
    </div>
  );
}

/** A page of mf-activity: the route's title as its heading, then the content. */
export function PageFrame({ route, children, title }: { route: string; children: ReactNode; title?: string }) {
  return (
    <div className="ac-page" data-route={route}>
      <h1 className="ac-title">{title ?? getRoute(route).title}</h1>
      {children}
    </div>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** '2026-11-23T05:21:25Z' -> '2026-11-23 13:21' in the reader's time zone. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The date part only. */
export const formatDate = (iso: string) => formatTime(iso).slice(0, 10);
