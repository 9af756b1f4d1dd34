import { routePath } from 'shared-kernel';
import { requestActivation } from '../auth/auth-requests';
import { logout } from '../auth/logout';
import { NavLink } from '../frame/NavLink';

/** The reason whose activation is binding a phone on its own page. */
const BIND_PHONE_REASON = 'TRD_LOGIN_NO_MOBILE';

/**
 * What a logged-in but inactive account sees instead of a page that needs an active one (SPEC.md §4). The shell
 * has raised 'auth:activation-required' for mf-auth's dialog; this page stays underneath with a way to start again.
 */
export function ActivationNotice({ reason }: { reason: string }) {
  const bindPhone = reason === BIND_PHONE_REASON;
  return (
    <section className="page notice-page" data-testid="activation-notice">
      <h1>请先激活账号</h1>
      <p className="page-meta">
        {bindPhone
          ? '您使用第三方账号登录，还没有绑定手机号。绑定手机号后即可使用全部功能。'
          : '您使用验证码登录，还没有设置昵称和密码。完成设置后即可使用全部功能。'}
      </p>
      <div className="notice-actions">
        {bindPhone ? (
          <NavLink to={routePath('user.welcome.accountBind')} className="btn">
            绑定手机号
          </NavLink>
        ) : (
          <button type="button" className="btn" onClick={() => requestActivation(reason)}>
            立即激活
          </button>
        )}
        <NavLink to={routePath('home')} className="btn btn-ghost">
          返回首页
        </NavLink>
      </div>
    </section>
  );
}

/** A disabled account (POST_SPAM_COMMENTS) sees only this notice (SPEC.md §4, §6). */
export function DisabledNotice() {
  return (
    <section className="page notice-page" role="alert" data-testid="disabled-notice">
      <h1>账号已被禁用</h1>
      <p className="page-meta">您的账号因发布广告或不当评论已被禁用，暂时无法使用该功能。如有疑问，请通过意见反馈联系我们。</p>
      <div className="notice-actions">
        <button type="button" className="btn btn-ghost" onClick={() => void logout()}>
          退出登录
        </button>
      </div>
    </section>
  );
}

/** Inside the mini-program, while its login-state check runs. */
export function MiniProgramLoginNotice() {
  return (
    <section className="page notice-page" data-testid="miniprogram-login">
      <h1>正在检查登录状态…</h1>
      <p className="page-meta">请在小程序中完成登录，登录后将自动返回本页。</p>
    </section>
  );
}
