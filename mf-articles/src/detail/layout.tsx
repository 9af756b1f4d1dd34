import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { PageStatus } from 'shared-kernel';
import { Head } from '../seo/head';
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
      <main className="dt-page" aria-busy="true">
        <div className="dt-card dt-skeleton-card">
          <div className="dt-skeleton dt-skeleton-title" />
          <div className="dt-skeleton" />
        </div>
      </main>
    );
  return (
    <main className="dt-page">
      {notFound && <PageStatus status={404} />}
      <Head title={notFound ? `${kind}不存在` : '加载失败'} noindex />
      <div className="dt-card dt-state">
        <h1 className="dt-title">{notFound ? `${kind}不存在或已被删除` : '加载失败'}</h1>
        {!notFound && message && <p className="dt-muted">{message}</p>}
        <Link className="dt-btn dt-primary" to="/">
          返回首页
        </Link>
      </div>
    </main>
  );
}
