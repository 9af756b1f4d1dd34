import { QrLogin } from '../forms/QrLoginForm';
import { TEXTS } from '../texts';
import { Modal } from '../ui/Modal';
import { closeOfficialAccountLogin } from './store';

/** The chat-app official-account QR login (SPEC §2): the same QR flow with type wxgzh_login, scanned with WeChat. */
export function OfficialAccountLoginDialog({ open }: { open: boolean }) {
  return (
    <Modal open={open} title={TEXTS.qr.wxgzhTitle} onClose={closeOfficialAccountLogin} mobile="popup" layer="top" width={340} data={{ testid: 'wxgzh-login-dialog' }}>
      {open && <QrLogin type="wxgzh_login" surface="dialog" />}
    </Modal>
  );
}
