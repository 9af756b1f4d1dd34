import { getRoute, isLoggedIn, openLogin, returnAfterLogin, routePath, navigate, userInfoPath, useUser } from 'shared-kernel';
import { BindMobileForm } from '../forms/BindMobileForm';
import { TEXTS } from '../texts';

function maskedMobileOf(userinfo: unknown): string | null {
  const mobile = userinfo && typeof userinfo === 'object' ? (userinfo as { mobile?: unknown }).mobile : null;
  return typeof mobile === 'string' && mobile !== '' ? mobile : null;
}

/**
 * Mobile binding (routes user/welcome/account-bind and user/setting/account/bind-mobile): an account that came
 * in through a third party without a phone binds one here (TRD_LOGIN_NO_MOBILE). Anyone else is told where they
 * stand: a visitor is asked to log in, an active account sees its phone and the way to change it.
 */
export function BindMobilePage({ routeName }: { routeName: string }) {
  const user = useUser();
  const title = getRoute(routeName).title;
  const needsPhone = !!user && user.uid !== 0 && user.is_active === 0 && user.inactive_reason === 'TRD_LOGIN_NO_MOBILE';
  let body;
  if (needsPhone) {
    body = (
      <>
        <p className="ma-dialog-text">{TEXTS.bindPage.bindIntro}</p>
        <BindMobileForm
          onDone={() => {
            returnAfterLogin('activation');
            if (window.location.pathname === getRoute(routeName).path) navigate(userInfoPath(0));
          }}
        />
      </>
    );
  } else if (user && isLoggedIn(user)) {
    const mobile = maskedMobileOf(user.userinfo);
    body = (
      <>
        <p className="ma-dialog-text">{mobile ? TEXTS.bindPage.alreadyBound(mobile) : TEXTS.bindPage.alreadyBound('')}</p>
        <div className="ma-dialog-actions">
          <button type="button" className="ma-secondary" onClick={() => navigate(userInfoPath(0))}>
            {TEXTS.goUserInfo}
          </button>
          <button type="button" className="ma-primary" onClick={() => navigate(routePath('user.setting.account.mobile'))}>
            {TEXTS.bindPage.changeMobile}
          </button>
        </div>
      </>
    );
  } else if (user && user.uid !== 0 && user.is_active === 0) {
    // inactive for another reason: the activation dialog of that reason says what to do
    body = <p className="ma-dialog-text">{TEXTS.activation.passwordIntro}</p>;
  } else {
    body = (
      <>
        <p className="ma-dialog-text">{TEXTS.bindPage.needLogin}</p>
        <div className="ma-dialog-actions">
          <button type="button" className="ma-primary" onClick={() => openLogin({ title })}>
            {TEXTS.bindPage.login}
          </button>
        </div>
      </>
    );
  }
  return (
    <section className="ma-page">
      <div className="ma-card">
        <h1 className="ma-page-title">{title}</h1>
        {body}
      </div>
    </section>
  );
}
