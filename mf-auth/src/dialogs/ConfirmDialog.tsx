import { TEXTS } from '../texts';
import { Modal } from '../ui/Modal';
import { settleConfirm, type DialogsState } from './store';

/** The confirm dialog (SPEC §2): a question with OK and cancel; closing it is cancel. */
export function ConfirmDialog({ state }: { state: DialogsState['confirm'] }) {
  return (
    <Modal open={state !== null} title={state?.title ?? ''} onClose={() => settleConfirm(false)} mobile="popup" layer="top" width={360} data={{ testid: 'confirm-dialog' }}>
      <p className="ma-dialog-text">{state?.message}</p>
      <div className="ma-dialog-actions">
        <button type="button" className="ma-secondary" onClick={() => settleConfirm(false)}>
          {state?.cancelText ?? TEXTS.cancel}
        </button>
        <button type="button" className="ma-primary" data-autofocus="" onClick={() => settleConfirm(true)}>
          {state?.okText ?? TEXTS.ok}
        </button>
      </div>
    </Modal>
  );
}
