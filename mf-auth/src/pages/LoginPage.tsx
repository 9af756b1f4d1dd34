import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  clearUser,
  errorMessageOf,
  isLoggedIn,
  LOGIN_FORM_TYPES,
  loginPath,
  navigate as leaveTo,
  routePath,
  setAppState,
  toastError,
  toastSuccess,
  userInfoPath,
  useUser,
  type LoginFormType,
} from 'shared-kernel';
import { logout } from '../api/accounts';
import { confirmDialog } from '../dialogs/store';
import { AuthPanel } from '../forms/AuthPanel';
import { TEXTS } from '../texts';
import { useIsPc } from '../ui/use-is-pc';

/** The route of each form (the named route user_login_mobile takes form_type for the others). */
export function formPath(form: LoginFormType): string {
  switch (form) {
    case 'login_code':
      return routePath('user.login.code');
    case 'login_mobile':
      return routePath('user.login.mobile');
    case 'reg':
      return routePath('user.reg.mobile');
    case 'findpwd_mobile':
      return routePath('user.findpwd.mobile');
    default:
      return loginPath(form);
  }
}

function parseForm(value: string | null): LoginFormType | null {
  return (LOGIN_FORM_TYPES as readonly string[]).includes(value ?? '') ? (value as LoginFormType) : null;
}

async function signOut(): Promise<void> {
  const ok = await confirmDialog({ title: TEXTS.logoutConfirmTitle, message: TEXTS.logoutConfirm, okText: TEXTS.logout });
  if (!ok) return;
  try {
    await logout();
  } catch (error) {
    toastError(errorMessageOf(error));
    return;
  }
  clearUser();
  toastSuccess(TEXTS.loggedOut);
}

/** A logged-in visitor of a login screen: who they are, their user info, and logging out. */
function LoggedIn({ nickname }: { nickname: string }) {
  return (
    <div className="ma-logged-in">
      <p>{TEXTS.alreadyLoggedIn(nickname)}</p>
      <div className="ma-dialog-actions">
        <button type="button" className="ma-secondary" onClick={() => void signOut()}>
          {TEXTS.logout}
        </button>
        <button type="button" className="ma-primary" onClick={() => leaveTo(userInfoPath(0))}>
          {TEXTS.goUserInfo}
        </button>
      </div>
    </div>
  );
}

/**
 * The inline login screen (routes user/login/mobile, user/login/code, user/reg/mobile, user/findpwd/mobile). The
 * form is the route's; user/login/mobile also takes ?form_type= (SPEC §2 named route user_login_mobile).
 */
export function LoginPage({ form: fixed }: { form: LoginFormType | null }) {
  const [params] = useSearchParams();
  const go = useNavigate();
  const user = useUser();
  const pc = useIsPc();
  const requested = fixed ?? parseForm(params.get('form_type')) ?? 'login_mobile';
  const form: LoginFormType = requested === 'login_qrcode' && !pc ? 'login_code' : requested;

  useEffect(() => {
    setAppState({ isLoginPage: true });
    return () => setAppState({ isLoginPage: false });
  }, []);

  return (
    <section className="ma-page" data-route-form={form}>
      <div className="ma-card">
        <h1 className="ma-page-title">{TEXTS.formTitles[form]}</h1>
        {user && isLoggedIn(user) ? (
          <LoggedIn nickname={user.nickname} />
        ) : (
          <AuthPanel form={form} surface="inline" onSwitch={(next) => go(formPath(next))} />
        )}
      </div>
    </section>
  );
}
