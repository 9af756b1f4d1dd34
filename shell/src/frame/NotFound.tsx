import { routePath } from 'shared-kernel';
import { NavLink } from './NavLink';

export function NotFound() {
  return (
    <section className="page notice-page" data-testid="not-found">
      <h1>
        <span className="notice-code">404</span>
        页面不存在
      </h1>
      <p className="page-meta">您访问的页面不存在或已被移除，请检查网址是否正确。</p>
      <div className="notice-actions">
        <NavLink to={routePath('home')} className="btn">
          返回首页
        </NavLink>
        <NavLink to={routePath('articles.cate.list')} className="btn btn-ghost">
          浏览分类
        </NavLink>
      </div>
    </section>
  );
}
