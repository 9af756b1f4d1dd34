import { getRoute, LOGIN_SCREENS, siteContext, type UserInfo } from 'shared-kernel';
import { decide, isOwnUserInfo, LOGIN_ROUTE, remoteOf, SHELL_RENDERED_ROUTES } from '../src/routing/decide';
import { NOT_FOUND_TITLE, titleFor } from '../src/routing/titles';

const active: UserInfo = { uid: 5, nickname: '张三', is_active: 1 };
const inactive = (reason: string): UserInfo => ({ uid: 6, nickname: '李四', is_active: 0, inactive_reason: reason });

describe('decide', () => {
  it('a public route goes to its owner for anybody', () => {
    for (const user of [null, active, inactive('POST_SPAM_COMMENTS')]) {
      expect(decide('/app/articles/docs/detail/42', { user })).toMatchObject({
        kind: 'remote',
        remote: 'mf-articles',
        params: { id: '42' },
        route: { name: 'articles.docs.detail' },
      });
    }
    expect(remoteOf(decide('/', { user: null }))).toBe('mf-articles');
  });

  it('a login-required route sends a visitor (no user, or uid 0) to login', () => {
    expect(decide('/app/user/coin/list', { user: null })).toMatchObject({ kind: 'login', route: { name: 'user.coin.list' } });
    expect(decide('/app/user/coin/list', { user: { uid: 0, nickname: '', is_active: 1 } }).kind).toBe('login');
    expect(remoteOf(decide('/app/user/coin/list', { user: null }))).toBeNull();
    expect(getRoute(LOGIN_ROUTE).path).toBe('/app/user/login/code');
  });

  it('an active user gets the remote of a login-required route', () => {
    expect(decide('/app/user/coin/list', { user: active })).toMatchObject({ kind: 'remote', remote: 'mf-user-center' });
    expect(decide('/app/user/pay/order', { user: active })).toMatchObject({ kind: 'remote', remote: 'mf-pay' });
  });

  it('the staff console: staff get mf-admin; any other user the 404 (mf-admin never activated); a visitor the login', () => {
    const staff: UserInfo = { ...active, staff_roles: ['reviewer'] };
    for (const path of ['/app/admin', '/app/admin/docs', '/app/admin/settings/coins']) {
      expect(decide(path, { user: staff })).toMatchObject({ kind: 'remote', remote: 'mf-admin' });
      expect(decide(path, { user: active })).toEqual({ kind: 'not-found' });
      expect(decide(path, { user: { ...active, staff_roles: [] } })).toEqual({ kind: 'not-found' });
      expect(remoteOf(decide(path, { user: inactive('POST_SPAM_COMMENTS') }))).toBeNull();
      expect(decide(path, { user: null }).kind).toBe('login');
    }
  });

  it('an inactive account gets the activation flow with its reason; a disabled one only the notice', () => {
    expect(decide('/app/user/docs/list', { user: inactive('CODE_LOGIN_NO_PASSWORD') })).toMatchObject({
      kind: 'activate',
      reason: 'CODE_LOGIN_NO_PASSWORD',
    });
    expect(decide('/app/user/docs/list', { user: inactive('TRD_LOGIN_NO_MOBILE') })).toMatchObject({ kind: 'activate', reason: 'TRD_LOGIN_NO_MOBILE' });
    expect(decide('/app/user/docs/list', { user: inactive('POST_SPAM_COMMENTS') }).kind).toBe('disabled');
    // an unknown reason is still an inactive account: activation, never the page
    expect(decide('/app/user/docs/list', { user: { uid: 7, nickname: '', is_active: 0 } })).toMatchObject({ kind: 'activate', reason: '' });
  });

  it('the phone-binding page is open to the account it is for', () => {
    expect(decide('/app/user/welcome/account-bind', { user: inactive('TRD_LOGIN_NO_MOBILE') })).toMatchObject({ kind: 'remote', remote: 'mf-auth' });
    expect(decide('/app/user/welcome/account-bind', { user: inactive('POST_SPAM_COMMENTS') }).kind).toBe('disabled');
    expect(decide('/app/user/welcome/account-bind', { user: null }).kind).toBe('login');
  });

  it('inside the mini-program, user info 0 of a visitor waits for the mini-program login instead of the login page', () => {
    expect(decide('/app/user/info/0', { user: null, miniProgram: true }).kind).toBe('miniprogram-login');
    expect(decide('/app/user/info/0', { user: null, miniProgram: false }).kind).toBe('login');
    expect(decide('/app/user/info/3', { user: null, miniProgram: true }).kind).toBe('login');
    expect(decide('/app/user/info/0', { user: active, miniProgram: true }).kind).toBe('remote');
  });

  it('/test is rendered by the shell; unknown paths are not found', () => {
    expect(decide('/test', { user: null })).toMatchObject({ kind: 'shell', route: { name: 'test' } });
    expect([...SHELL_RENDERED_ROUTES]).toEqual(['test']);
    expect(decide('/smalltool', { user: null })).toMatchObject({ kind: 'remote', remote: 'mf-user-center' });
    for (const path of ['/app/nothing', '/app/articles/docs/detail', '/app/articles/docs/detail/%E0%A4%A', '/test/x']) {
      expect(decide(path, { user: null })).toEqual({ kind: 'not-found' });
    }
  });

  it('knows the login routes and own user info', () => {
    expect([...LOGIN_SCREENS].map((n) => getRoute(n).remote)).toEqual(['mf-auth', 'mf-auth', 'mf-auth']);
    expect(isOwnUserInfo(getRoute('user.info'), { id: '0' })).toBe(true);
    expect(isOwnUserInfo(getRoute('user.info'), { id: '9' })).toBe(false);
  });
});

describe('titleFor', () => {
  it('uses the site title of the host: the route title first, the home page alone, 404 in Chinese', () => {
    const info = siteContext('zhiku.com').title;
    const math = siteContext('math.zhiku.com').title;
    expect(info).toBe('知库文档 - 信息安全文档下载平台（部分文档可免费下载）');
    expect(math).toBe('知库文档 - 数学文档下载平台（部分文档可免费下载）');
    expect(titleFor(decide('/', { user: null }), 'zhiku.com')).toBe(info);
    expect(titleFor(decide('/app/articles/cate/list', { user: null }), 'math.zhiku.com')).toBe(`分类列表 - ${math}`);
    expect(titleFor(decide('/app/user/coin/list', { user: active }), 'algorithm.zhiku.com')).toBe(`金币记录 - ${siteContext('algorithm.zhiku.com').title}`);
    expect(titleFor(decide('/nope', { user: null }), 'zhiku.com')).toBe(`${NOT_FOUND_TITLE} - ${info}`);
    expect(titleFor(decide('/test', { user: null }), 'zhiku.com')).toBe(`诊断信息 - ${info}`);
  });
});
