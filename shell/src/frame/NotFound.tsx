import { routePath } from 'shared-kernel';

export function NotFound() {
  return (
    <section className="page slot-fallback" data-testid="not-found">
      <h1>404 · 页面不存在</h1>
      <p className="page-meta">您访问的页面不存在或已被移除。</p>
      <a className="btn" href={routePath('home')} style={{ display: 'inline-block', lineHeight: '30px' }}>
        返回首页
      </a>
    </section>
  );
}
