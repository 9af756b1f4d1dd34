import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { DETAIL_CSS } from './styles';

const STYLE_ID = 'mf-articles-detail-style';

/** Adds the detail pages' stylesheet once (the remote ships no CSS files). */
export function useDetailStyles(): void {
  useEffect(() => {
    if (document.getElementById(STYLE_ID)) return;
    const style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = DETAIL_CSS;
    document.head.appendChild(style);
  }, []);
}

/** Loading, not found, or failed: what a detail page shows instead of its item. */
export function DetailState({ loading, notFound, message, kind }: { loading?: boolean; notFound?: boolean; message?: string; kind: string }) {
  if (loading)
    return (
      <main className="ad-page" aria-busy="true">
        <div className="ad-card ad-skeleton-card">
          <div className="ad-skeleton ad-skeleton-title" />
          <div className="ad-skeleton" />
        </div>
      </main>
    );
  return (
    <main className="ad-page">
      <div className="ad-card ad-state">
        <h1 className="ad-title">{notFound ? `${kind}不存在或已被删除` : '加载失败'}</h1>
        {!notFound && message && <p className="ad-muted">{message}</p>}
        <Link className="ad-btn ad-primary" to="/">
          返回首页
        </Link>
      </div>
    </main>
  );
}
