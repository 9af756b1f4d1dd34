import { clearUser, errorMessageOf, setAppState, toastError, toastSuccess, useAppState, useUser } from 'shared-kernel';
import { logout, type InactiveReason } from '../api/accounts';
import { BindMobileForm } from '../forms/BindMobileForm';
import { SetPasswordForm } from '../forms/SetPasswordForm';
import { TEXTS } from '../texts';
import { Modal } from '../ui/Modal';

const REASONS: readonly InactiveReason[] = ['TRD_LOGIN_NO_MOBILE', 'CODE_LOGIN_NO_PASSWORD', 'POST_SPAM_COMMENTS'];

function later() {
  setAppState({ showActivateDialog: false });
}

async function signOut() {
  try {
    await logout();
  } catch (error) {
    toastError(errorMessageOf(error));
    return;
  }
  clearUser();
  setAppState({ showActivateDialog: false });
  toastSuccess(TEXTS.loggedOut);
}

/**
 * The activation dialogs by inactive_reason (SPEC §4): bind a phone with a code (TRD_LOGIN_NO_MOBILE), set a
 * nickname and password (CODE_LOGIN_NO_PASSWORD), or the notice of a disabled account (POST_SPAM_COMMENTS).
 * Shown while the kernel's showActivateDialog flag is set for an inactive user.
 */
export function ActivationDialog() {
  const user = useUser();
  const show = useAppState((s) => s.showActivateDialog);
  const reason = user && user.uid !== 0 && user.is_active === 0 ? (user.inactive_reason as InactiveReason | undefined) : undefined;
  const open = show && reason !== undefined && REASONS.includes(reason);
  if (!open) return null;

  if (reason === 'POST_SPAM_COMMENTS') {
    return (
      <Modal open title={TEXTS.activation.bannedTitle} onClose={later} mobile="popup" width={380} data={{ testid: 'activation-dialog', reason }}>
        <p className="ma-dialog-text">{TEXTS.activation.banned}</p>
        <div className="ma-dialog-actions">
          <button type="button" className="ma-secondary" onClick={() => void signOut()}>
            {TEXTS.logout}
          </button>
          <button type="button" className="ma-primary" data-autofocus="" onClick={later}>
            {TEXTS.activation.bannedOk}
          </button>
        </div>
      </Modal>
    );
  }
  const bind = reason === 'TRD_LOGIN_NO_MOBILE';
  return (
    <Modal
      open
      title={bind ? TEXTS.activation.bindTitle : TEXTS.activation.passwordTitle}
      onClose={later}
      data={{ testid: 'activation-dialog', reason: reason ?? '' }}
    >
      <p className="ma-dialog-text">{bind ? TEXTS.activation.bindIntro : TEXTS.activation.passwordIntro}</p>
      {bind ? <BindMobileForm /> : <SetPasswordForm />}
      <div className="ma-links">
        <button type="button" className="ma-link" onClick={later}>
          {TEXTS.activation.later}
        </button>
      </div>
    </Modal>
  );
}
