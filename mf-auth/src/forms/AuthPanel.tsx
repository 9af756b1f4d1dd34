import type { LoginFormType } from 'shared-kernel';
import type { Surface } from '../session/after-login';
import { TEXTS } from '../texts';
import { useIsPc } from '../ui/use-is-pc';
import { FindPasswordForm } from './FindPasswordForm';
import { LoginCodeForm } from './LoginCodeForm';
import { LoginMobileForm } from './LoginMobileForm';
import { QrLoginForm } from './QrLoginForm';
import { RegisterForm } from './RegisterForm';
import { ThirdPartyLogin } from './ThirdPartyLogin';

interface Props {
  form: LoginFormType;
  onSwitch: (form: LoginFormType) => void;
  surface: Surface;
}

/** The login tabs: QR login only on PC (SPEC §2). */
function loginTabs(pc: boolean): LoginFormType[] {
  return pc ? ['login_code', 'login_mobile', 'login_qrcode'] : ['login_code', 'login_mobile'];
}

/**
 * The login and registration screen's content (SPEC §2), the same inline and in the dialog: tabs for the login
 * forms, the form, and the third-party buttons under the login forms. Registration and password reset are
 * reached from the forms' links.
 */
export function AuthPanel({ form: requested, onSwitch, surface }: Props) {
  const pc = useIsPc();
  // login_qrcode is PC only: elsewhere the default form stands in
  const form: LoginFormType = requested === 'login_qrcode' && !pc ? 'login_code' : requested;
  const tabs = loginTabs(pc);
  const isLogin = tabs.includes(form);
  const props = { surface, onSwitch };
  return (
    <div className="ma-panel" data-form={form}>
      {isLogin ? (
        <div className="ma-tabs" role="tablist" aria-label="登录方式">
          {tabs.map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              className="ma-tab"
              aria-selected={tab === form}
              tabIndex={tab === form ? 0 : -1}
              onClick={() => onSwitch(tab)}
              onKeyDown={(event) => {
                if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
                const i = tabs.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : -1);
                onSwitch(tabs[(i + tabs.length) % tabs.length]);
              }}
            >
              {TEXTS.tabs[tab]}
            </button>
          ))}
        </div>
      ) : (
        // inline, the page's <h1> already names the form
        surface === 'dialog' && <p className="ma-panel-subtitle">{TEXTS.formTitles[form]}</p>
      )}
      <div role={isLogin ? 'tabpanel' : undefined} className="ma-panel-body">
        {form === 'login_code' && <LoginCodeForm {...props} />}
        {form === 'login_mobile' && <LoginMobileForm {...props} />}
        {form === 'reg' && <RegisterForm {...props} />}
        {form === 'findpwd_mobile' && <FindPasswordForm {...props} />}
        {form === 'login_qrcode' && <QrLoginForm surface={surface} />}
      </div>
      {(form === 'login_code' || form === 'login_mobile') && <ThirdPartyLogin />}
    </div>
  );
}
