import { useEffect } from 'react';
import { setAppState, useUser } from 'shared-kernel';
import { AuthPanel } from '../forms/AuthPanel';
import { TEXTS } from '../texts';
import { Modal } from '../ui/Modal';
import { closeLoginDialog, openLoginDialog, type LoginDialogState } from './store';

/**
 * The login dialog (SPEC §2): the login screen over the current page, centred on PC, a full-screen bottom sheet
 * on mobile, with the title it was opened with. It closes as soon as a uid appears.
 */
export function LoginDialog({ state }: { state: LoginDialogState | null }) {
  const user = useUser();
  const uid = user?.uid ?? 0;

  useEffect(() => {
    if (state && uid !== 0) closeLoginDialog();
  }, [state, uid]);

  useEffect(() => {
    if (!state) return;
    setAppState({ isLoginPage: true });
    return () => setAppState({ isLoginPage: false });
  }, [state !== null]);

  return (
    <Modal open={state !== null && uid === 0} title={state?.title || TEXTS.defaultDialogTitle} onClose={closeLoginDialog} className="ma-login-dialog" data={{ testid: 'login-dialog' }}>
      {state && <AuthPanel form={state.form} surface="dialog" onSwitch={(form) => openLoginDialog({ ...state, form })} />}
    </Modal>
  );
}
