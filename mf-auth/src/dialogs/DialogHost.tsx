import { lazy, Suspense, useState } from 'react';
import { useObservable, useUser } from 'shared-kernel';
import { acknowledgeDisclaimer, disclaimerOwedTo } from '../session/disclaimer';
import { ActivationDialog } from './ActivationDialog';
import { AppDownloadDialog } from './AppDownloadDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { DisclaimerDialog } from './DisclaimerDialog';
import { LoginDialog } from './LoginDialog';
import { OfficialAccountLoginDialog } from './OfficialAccountLoginDialog';
import { closeCaptchaDialog, dialogs$ } from './store';

/**
 * The security check is loaded the first time it is needed (a 429), not with the login forms: most pages
 * that show a dialog never need it.
 */
const CaptchaDialog = lazy(() => import(/* webpackChunkName: "captcha" */ '../captcha/CaptchaDialog').then((m) => ({ default: m.CaptchaDialog })));

/**
 * Every dialog of mf-auth, drawn from the dialog store (which mountDialogs() keeps in step with the kernel's
 * events) and the user: the login dialog, the security check, the activation dialog of an inactive user, the
 * disclaimer an activated account owes, the confirm, app download and official-account login dialogs.
 */
export function DialogHost() {
  const dialogs = useObservable(dialogs$);
  const user = useUser();
  // bumped when the disclaimer is acknowledged; the owed flag itself lives in local storage
  const [, setAcknowledged] = useState(0);
  // once shown, the captcha stays mounted (hidden) so its pop-mode reset can run after it closes
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  if (dialogs.captcha && !captchaNeeded) setCaptchaNeeded(true);
  const owed = disclaimerOwedTo();
  const disclaimerOpen = owed !== null && user?.uid === owed && user.is_active === 1;
  return (
    <div className="ma-root" data-mf-auth-dialogs="">
      <LoginDialog state={dialogs.login} />
      <ActivationDialog />
      <DisclaimerDialog
        open={disclaimerOpen}
        onAcknowledge={() => {
          acknowledgeDisclaimer();
          setAcknowledged((n) => n + 1);
        }}
      />
      <ConfirmDialog state={dialogs.confirm} />
      <AppDownloadDialog open={dialogs.appDownload} />
      <OfficialAccountLoginDialog open={dialogs.officialAccountLogin} />
      {captchaNeeded && (
        <Suspense fallback={null}>
          <CaptchaDialog open={dialogs.captcha} onClose={closeCaptchaDialog} />
        </Suspense>
      )}
    </div>
  );
}
