import {
  getRoute,
  matchRoute,
  NAMED_ROUTES,
  ownerOf,
  REMOTE_NAMES,
  routePath,
  ROUTES,
  routesOf,
  type RemoteName,
} from '../src';

/** Every path of SPEC.md §2 with its owning remote (DESIGN.md: which domain owns which screens). */
const SPEC_ROUTES: Array<[path: string, remote: RemoteName]> = [
  // Activity
  ['/app/activity/detail/:id', 'mf-activity'],
  ['/app/activity/activity_rules', 'mf-activity'],
  ['/app/activity/home_page1', 'mf-activity'],
  // User area
  ['/app/user/activity/list', 'mf-activity'],
  ['/app/user/activity/detail/:id', 'mf-activity'],
  ['/app/user/notifications/list', 'mf-user-center'],
  ['/app/user/notifications/detail/:id', 'mf-user-center'],
  ['/app/user/login/mobile', 'mf-auth'],
  ['/app/user/login/code', 'mf-auth'],
  ['/app/user/reg/mobile', 'mf-auth'],
  ['/app/user/findpwd/mobile', 'mf-auth'],
  ['/app/user/welcome/account-bind', 'mf-auth'],
  ['/app/user/setting-items', 'mf-user-center'],
  ['/app/user/setting/account/account-item', 'mf-user-center'],
  ['/app/user/setting/account/mobile', 'mf-user-center'],
  ['/app/user/setting/account/bind-mobile', 'mf-auth'],
  ['/app/user/setting/account/bind-email', 'mf-user-center'],
  ['/app/user/setting/account/set-email', 'mf-user-center'],
  ['/app/user/setting/account/change-email', 'mf-user-center'],
  ['/app/user/setting/account/unbind-email', 'mf-user-center'],
  ['/app/user/setting/account/change-pwd', 'mf-user-center'],
  ['/app/user/setting/account/pwd', 'mf-user-center'],
  ['/app/user/setting/account/pwd_protection', 'mf-user-center'],
  ['/app/user/setting/account/devices', 'mf-user-center'],
  ['/app/user/about-items', 'mf-user-center'],
  ['/app/user/docs/list', 'mf-user-center'],
  ['/app/user/docs/upload', 'mf-user-center'],
  ['/app/user/docs/download', 'mf-user-center'],
  ['/app/user/docs/edit/:id', 'mf-user-center'],
  ['/app/user/docs/denylist', 'mf-user-center'],
  ['/app/user/docs/convertfail', 'mf-user-center'],
  ['/app/user/docs/search', 'mf-user-center'],
  ['/app/user/blogs/list', 'mf-user-center'],
  ['/app/user/blogs/write', 'mf-user-center'],
  ['/app/user/blogs/denylist', 'mf-user-center'],
  ['/app/user/blogs/edit/:id', 'mf-user-center'],
  ['/app/user/collect/list', 'mf-user-center'],
  ['/app/user/coin/list', 'mf-user-center'],
  ['/app/user/coin/detail/:id', 'mf-user-center'],
  ['/app/user/transfer/list', 'mf-user-center'],
  ['/app/user/history/list', 'mf-user-center'],
  ['/app/user/pay/order', 'mf-pay'],
  ['/app/user/pay/order_history', 'mf-pay'],
  ['/app/user/pay/withdraw', 'mf-pay'],
  ['/app/user/pay/withdraw_history', 'mf-pay'],
  ['/app/user/invite_code', 'mf-user-center'],
  ['/app/user/info/:id', 'mf-user-center'],
  ['/app/user/authentication', 'mf-user-center'],
  ['/app/user/myreport/list', 'mf-user-center'],
  ['/app/user/myreport/detail', 'mf-user-center'],
  // Articles
  ['/app/articles/cate/list', 'mf-articles'],
  ['/app/articles/cate/detail/:id', 'mf-articles'],
  ['/app/articles/docs/list/:id', 'mf-articles'],
  ['/app/articles/docs/detail/:id', 'mf-articles'],
  ['/app/articles/docs/comment/:id', 'mf-articles'],
  ['/app/articles/blogs/list/:id', 'mf-articles'],
  ['/app/articles/blogs/detail/:id', 'mf-articles'],
  ['/app/articles/blogs/comment/:id', 'mf-articles'],
  ['/app/articles/search/index', 'mf-articles'],
  ['/app/articles/search/result', 'mf-articles'],
  // Guest, site, other
  ['/app/guest/pay/order', 'mf-pay'],
  ['/app/site/user_agreement', 'mf-user-center'],
  ['/app/site/privacy_policy', 'mf-user-center'],
  ['/app/site/sdk_list', 'mf-user-center'],
  ['/app/site/feedback', 'mf-user-center'],
  ['/app/site/new_function_intro', 'mf-user-center'],
  ['/app/site/qrcode', 'mf-user-center'],
  ['/app/site/report', 'mf-user-center'],
  ['/app/site/app_down', 'mf-user-center'],
  ['/app/blank/blank', 'mf-user-center'],
  // Outside /app
  ['/', 'mf-articles'],
  ['/test', 'mf-user-center'],
  ['/smalltool', 'mf-user-center'],
];

/** Routes SPEC.md §2 marks public inside the otherwise login-required user area, and the one login-required site page. */
const NEED_LOG: Array<[path: string, needLog: boolean]> = [
  ['/app/site/report', true],
  ['/app/user/docs/upload', false],
  ['/app/user/myreport/list', false],
  ['/app/user/myreport/detail', true],
  ['/app/user/login/mobile', false],
  ['/app/user/login/code', false],
  ['/app/user/reg/mobile', false],
  ['/app/user/findpwd/mobile', false],
  ['/app/user/setting/account/bind-mobile', false],
  ['/app/user/about-items', false],
  ['/app/user/pay/withdraw', true],
  ['/app/user/info/:id', true],
  ['/app/user/setting/account/devices', true],
  ['/app/guest/pay/order', false],
  ['/app/articles/docs/detail/:id', false],
  ['/app/activity/home_page1', false],
  ['/', false],
];

/** The staff console's routes (issue 20; docs/architecture.md): mf-admin, each login-required and staff-only. */
const STAFF_ROUTES: [string, RemoteName][] = [
  '/app/admin',
  '/app/admin/docs',
  '/app/admin/blogs',
  '/app/admin/comments',
  '/app/admin/complaints',
  '/app/admin/reports',
  '/app/admin/experts',
  '/app/admin/users',
  '/app/admin/audit',
  '/app/admin/withdrawals',
  '/app/admin/settings/prices',
  '/app/admin/settings/coins',
  '/app/admin/settings/pay',
  '/app/admin/settings/uploads',
  '/app/admin/activities',
].map((p) => [p, 'mf-admin']);

/** Routes SPEC.md §2 does not list, each decided in docs: a public favourites folder's page (docs/library.md), the staff console. */
const BEYOND_SPEC: [string, RemoteName][] = [['/app/user/collect/folder/:id', 'mf-user-center'], ...STAFF_ROUTES];
NEED_LOG.push(['/app/user/collect/folder/:id', false], ...STAFF_ROUTES.map(([p]): [string, boolean] => [p, true]));

const HAN = /\p{Script=Han}/u;

function routeByPath(path: string) {
  return ROUTES.find((r) => r.path === path);
}

describe('route table', () => {
  it.each(SPEC_ROUTES)('has %s owned by %s with a Chinese title', (path, remote) => {
    const route = routeByPath(path);
    expect(route).toBeDefined();
    expect(route!.remote).toBe(remote);
    expect(route!.title.trim()).not.toBe('');
    expect(route!.title).toMatch(HAN);
  });

  it('contains exactly the routes of the spec, and the few decided beyond it', () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual([...SPEC_ROUTES, ...BEYOND_SPEC].map(([p]) => p).sort());
  });

  it.each(NEED_LOG)('%s has needLog %s', (path, needLog) => {
    expect(routeByPath(path)?.needLog).toBe(needLog);
  });

  it('gives every route a non-empty Chinese title and a known remote', () => {
    for (const route of ROUTES) {
      expect(route.title).toMatch(HAN);
      expect(REMOTE_NAMES).toContain(route.remote);
      expect(typeof route.needLog).toBe('boolean');
    }
  });

  it('marks exactly the staff console\'s routes staff-only', () => {
    expect(ROUTES.filter((r) => r.staff).map((r) => r.path).sort()).toEqual(STAFF_ROUTES.map(([p]) => p).sort());
    for (const route of ROUTES) expect(route.staff).toBe(route.remote === 'mf-admin');
  });

  it('has unique names and unique paths', () => {
    const names = ROUTES.map((r) => r.name);
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('matchRoute', () => {
  it('matches a static path without params', () => {
    const match = matchRoute('/app/user/pay/withdraw');
    expect(match?.route.name).toBe('user.pay.withdraw');
    expect(match?.params).toEqual({});
  });

  it('matches the root and the paths outside /app', () => {
    expect(matchRoute('/')?.route.name).toBe('home');
    expect(matchRoute('/test')?.route.path).toBe('/test');
    expect(matchRoute('/smalltool')?.route.path).toBe('/smalltool');
  });

  it('extracts and decodes params', () => {
    const match = matchRoute('/app/articles/docs/detail/42');
    expect(match?.route.name).toBe('articles.docs.detail');
    expect(match?.params).toEqual({ id: '42' });
    expect(matchRoute(`/app/user/info/${encodeURIComponent('张三 a/b')}`)?.params).toEqual({ id: '张三 a/b' });
  });

  it('tolerates a trailing slash', () => {
    expect(matchRoute('/app/user/login/code/')?.route.name).toBe('user.login.code');
    expect(matchRoute('/app/activity/detail/9/')?.params).toEqual({ id: '9' });
  });

  it('returns null for unknown or partial paths', () => {
    expect(matchRoute('/app/nope')).toBeNull();
    expect(matchRoute('/app/articles/docs/detail')).toBeNull();
    expect(matchRoute('/app/articles/docs/detail/1/extra')).toBeNull();
    expect(matchRoute('/app/user/pay/withdrawX')).toBeNull();
    expect(matchRoute('/prefix/app/user/pay/withdraw')).toBeNull();
  });
});

describe('ownerOf / routesOf', () => {
  it.each<[string, RemoteName]>([
    ['/app/user/pay/withdraw', 'mf-pay'],
    ['/app/user/login/code', 'mf-auth'],
    ['/app/articles/docs/detail/12', 'mf-articles'],
    ['/app/activity/home_page1', 'mf-activity'],
    ['/app/site/report', 'mf-user-center'],
    ['/', 'mf-articles'],
  ])('ownerOf(%s) is %s', (path, remote) => {
    expect(ownerOf(path)).toBe(remote);
  });

  it('ownerOf an unknown path is null', () => {
    expect(ownerOf('/no/such/page')).toBeNull();
  });

  it('routesOf partitions the table by remote', () => {
    const all = REMOTE_NAMES.flatMap((remote) => {
      const routes = routesOf(remote);
      expect(routes.length).toBeGreaterThan(0);
      for (const r of routes) expect(r.remote).toBe(remote);
      return routes;
    });
    expect(all).toHaveLength(ROUTES.length);
    expect(routesOf('mf-pay').map((r) => r.path)).toEqual(
      expect.arrayContaining(['/app/user/pay/order', '/app/user/pay/withdraw', '/app/guest/pay/order']),
    );
  });
});

describe('routePath', () => {
  it('builds static paths', () => {
    expect(routePath('user.pay.withdraw')).toBe('/app/user/pay/withdraw');
    expect(routePath('home')).toBe('/');
  });

  it('fills params, numbers included', () => {
    expect(routePath('articles.docs.detail', { id: 42 })).toBe('/app/articles/docs/detail/42');
  });

  it('encodes params so they round-trip through matchRoute', () => {
    const path = routePath('user.info', { id: '张三 a/b?' });
    expect(path).toBe(`/app/user/info/${encodeURIComponent('张三 a/b?')}`);
    expect(matchRoute(path)?.params).toEqual({ id: '张三 a/b?' });
  });

  it('appends a query, skipping undefined values and encoding the rest', () => {
    expect(routePath('articles.search.result', {}, { keyword: '数学 & 算法', page: 2, hot: true, x: undefined })).toBe(
      '/app/articles/search/result?keyword=%E6%95%B0%E5%AD%A6+%26+%E7%AE%97%E6%B3%95&page=2&hot=true',
    );
    expect(routePath('articles.search.result', {}, { x: undefined })).toBe('/app/articles/search/result');
  });

  it('throws a Chinese error for an unknown route name', () => {
    expect(() => routePath('no.such.route')).toThrow('未知路由: no.such.route');
    expect(() => getRoute('no.such.route')).toThrow('未知路由');
  });

  it('throws a Chinese error for a missing param', () => {
    expect(() => routePath('articles.docs.detail')).toThrow('路由 articles.docs.detail 缺少参数 id');
  });

  it('resolves the named routes of the spec', () => {
    expect(routePath(NAMED_ROUTES.user_info, { id: 0 })).toBe('/app/user/info/0');
    expect(routePath(NAMED_ROUTES.user_info, { id: 0 }, { from_reg: true })).toBe('/app/user/info/0?from_reg=true');
    expect(routePath(NAMED_ROUTES.user_login_mobile, {}, { form_type: 'login_mobile' })).toBe(
      '/app/user/login/mobile?form_type=login_mobile',
    );
    expect(getRoute(NAMED_ROUTES.user_login_mobile).remote).toBe('mf-auth');
    expect(getRoute(NAMED_ROUTES.user_info).remote).toBe('mf-user-center');
  });
});
