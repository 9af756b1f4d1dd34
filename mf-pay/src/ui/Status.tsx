import type { ReactNode } from 'react';
import { errorMessageOf, getRoute } from 'shared-kernel';
import { TEXTS } from '../texts';

export function Loading() {
  return (
    <p className="mp-muted mp-loading" role="status">
      {TEXTS.loading}
    </p>
  );
}

/** A failed load in the page's place, with the kernel's message and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="mp-card mp-error" role="alert">
      <p>{errorMessageOf(error)}</p>
      <button type="button" className="mp-btn" onClick={onRetry}>
        {TEXTS.retry}
      </button>
    </div>
  );
}

/**
 * A page of mf-pay: the route's title as its heading, then the content; `narrow`: a one-column form page, the
 * title over the column rather than far left of it.
 */
export function PageFrame({ route, children, narrow }: { route: string; children: ReactNode; narrow?: boolean }) {
  return (
    <div className={narrow ? 'mp-page mp-page-narrow' : 'mp-page'} data-route={route}>
      <h1 className="mp-title">{getRoute(route).title}</h1>
      {children}
    </div>
  );
}
