import { useState, type FormEvent } from 'react';
import { BRAND, KERNEL_INSTANCE_ID, navigate, routePath, theme$, toggleTheme, useObservable } from 'shared-kernel';

/** Internal links go through the kernel's navigate(), so the page is not reloaded. */
function NavLink({ to, children, className }: { to: string; children: string; className?: string }) {
  return (
    <a
      href={to}
      className={className}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

export function Navbar() {
  const theme = useObservable(theme$);
  const [keyword, setKeyword] = useState('');
  const search = (event: FormEvent) => {
    event.preventDefault();
    navigate(routePath('articles.search.result', {}, { keyword: keyword.trim() || undefined }));
  };
  return (
    <nav className="nav" aria-label="主导航" data-kernel-instance={KERNEL_INSTANCE_ID}>
      <NavLink to={routePath('home')} className="brand">
        {BRAND}
      </NavLink>
      <div className="nav-links">
        <NavLink to={routePath('articles.cate.list')}>分类</NavLink>
        <NavLink to={routePath('user.docs.upload')}>上传文档</NavLink>
        <NavLink to={routePath('user.blogs.write')}>写文章</NavLink>
      </div>
      <form className="nav-search" role="search" onSubmit={search}>
        <input
          type="search"
          aria-label="搜索文档"
          placeholder="搜索文档、博客"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <button type="submit">搜索</button>
      </form>
      <div className="nav-actions">
        <button type="button" className="btn btn-ghost" onClick={toggleTheme} data-testid="navbar-theme" data-theme={theme}>
          {theme === 'dark' ? '深色' : '浅色'}
        </button>
        <NavLink to={routePath('user.login.code')}>登录</NavLink>
        <NavLink to={routePath('user.reg.mobile')}>注册</NavLink>
      </div>
    </nav>
  );
}
