import type { ReactNode } from 'react';
import { errorMessageOf, getRoute } from 'shared-kernel';
import { TEXTS } from '../texts';

export function Loading() {
  return (
    <p className="uc-muted uc-loading" role="status">
      {TEXTS.loading}
    </p>
  );
}

/** A failed load in the page's place, with the kernel's message and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="uc-card uc-error" role="alert">
      <p>{errorMessageOf(error)}</p>
      <button type="button" className="uc-btn" onClick={onRetry}>
        {TEXTS.retry}
      </button>
    </div>
  );
}

/** A page of mf-pay: the route's title as its heading, then the content. */
export function PageFrame({ route, children }: { route: string; children: ReactNode }) {
  return (
    <div className="uc-page" data-route={route}>
      <h1 className="uc-title">{getRoute(route).title}</h1>
      {children}
    </div>
  );
}
