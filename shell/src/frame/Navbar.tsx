import { useEffect, useState, type FormEvent, type MouseEvent } from 'react';
import {
  BRAND,
  KERNEL_INSTANCE_ID,
  navigate,
  routePath,
  theme$,
  toggleTheme,
  useObservable,
  useUser,
} from 'shared-kernel';
import { REGISTER_ROUTE, requestAuth } from '../auth/auth-requests';
import { LOGIN_ROUTE } from '../routing/decide';
import { MenuIcon, MoonIcon, SearchIcon, SunIcon } from './icons';
import { isPlainClick, NavLink } from './NavLink';
import { NotificationBell } from './NotificationBell';
import { UserMenu } from './UserMenu';
import { siteLinks } from './user-links';

/** 登录 / 注册: links to the pages (they work without script and in a new tab); a plain click asks for the dialog. */
function AuthLink({ form, className, children }: { form: 'login' | 'register'; className: string; children: string }) {
  const to = routePath(form === 'register' ? REGISTER_ROUTE : LOGIN_ROUTE);
  return (
    <a
      href={to}
      className={className}
      onClick={(event: MouseEvent) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        requestAuth(form);
      }}
    >
      {children}
    </a>
  );
}

function ThemeButton({ className, testId, prefix = '' }: { className: string; testId: string; prefix?: string }) {
  const theme = useObservable(theme$);
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className={className}
      onClick={toggleTheme}
      data-testid={testId}
      data-theme={theme}
      aria-label={dark ? '深色，切换到浅色模式' : '浅色，切换到深色模式'}
    >
      {dark ? <MoonIcon /> : <SunIcon />}
      <span className="theme-label">{prefix + (dark ? '深色' : '浅色')}</span>
    </button>
  );
}

/**
 * The site's navbar: brand, entry points, search, theme, and the visitor's 登录 / 注册 or the user's menu. It
 * renders at once with the shell, before any remote; `src/index.html` holds the same markup for the visitor as
 * its static frame (a test keeps the two equal). Wide screens (1200 px and more) show everything in one row;
 * narrow ones keep brand, search and 登录 (or the avatar) and move the rest into the 更多 panel.
 */
export function Navbar() {
  const user = useUser();
  // an inactive or disabled account is no visitor: it gets its menu (and 退出登录) too
  const loggedIn = !!user && user.uid !== 0;
  const [keyword, setKeyword] = useState('');
  const [drawer, setDrawer] = useState(false);
  const searchPath = routePath('articles.search.result');

  useEffect(() => {
    if (!drawer) return;
    const close = () => setDrawer(false);
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    window.addEventListener('popstate', close);
    document.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('popstate', close);
      document.removeEventListener('keydown', onKey);
    };
  }, [drawer]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    navigate(routePath('articles.search.result', {}, { keyword: keyword.trim() || undefined }));
  };

  return (
    <nav className="nav" aria-label="主导航" data-kernel-instance={KERNEL_INSTANCE_ID}>
      <NavLink to={routePath('home')} className="brand">
        <span className="brand-logo" aria-hidden="true">
          知
        </span>
        <span className="brand-name">{BRAND}</span>
      </NavLink>
      <div className="nav-links">
        {siteLinks().map((link) => (
          <NavLink key={link.to} to={link.to}>
            {link.label}
          </NavLink>
        ))}
      </div>
      <form className="nav-search" role="search" action={searchPath} method="get" onSubmit={search}>
        <input
          type="search"
          name="keyword"
          aria-label="搜索文档"
          placeholder="搜索文档"
          autoComplete="off"
          enterKeyHint="search"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <button type="submit" aria-label="搜索">
          <SearchIcon />
          <span className="search-label">搜索</span>
        </button>
      </form>
      <div className="nav-actions">
        <ThemeButton className="icon-btn nav-theme" testId="navbar-theme" />
        {loggedIn && user ? (
          <>
            <NotificationBell />
            <UserMenu user={user} />
          </>
        ) : (
          <>
            <AuthLink form="login" className="btn btn-ghost nav-login">
              登录
            </AuthLink>
            <AuthLink form="register" className="btn nav-register">
              注册
            </AuthLink>
          </>
        )}
        <button
          type="button"
          className="icon-btn nav-more"
          aria-label="更多"
          aria-expanded={drawer}
          aria-controls="nav-drawer"
          onClick={() => setDrawer((v) => !v)}
        >
          <MenuIcon />
        </button>
      </div>
      {drawer && (
        <div className="nav-drawer" id="nav-drawer">
          {siteLinks().map((link) => (
            <NavLink key={link.to} to={link.to} className="drawer-item" onNavigate={() => setDrawer(false)}>
              {link.label}
            </NavLink>
          ))}
          <ThemeButton className="drawer-item drawer-theme" testId="drawer-theme" prefix="主题：" />
          {!loggedIn && (
            <div className="drawer-auth">
              <AuthLink form="login" className="btn btn-ghost">
                登录
              </AuthLink>
              <AuthLink form="register" className="btn">
                注册
              </AuthLink>
            </div>
          )}
        </div>
      )}
    </nav>
  );
}
