import { WITHDRAW_STATE_LABELS } from 'contracts/enums';
import { useState, type ReactNode } from 'react';
import { detectPlatform, formatFen, requestMerchantTransfer, toastError, toast, toastSuccess } from 'shared-kernel';
import { cancelWithdrawal, type Withdrawal } from '../api/coins';
import { formatTime } from '../pay/time';
import { TEXTS } from '../texts';
import { formatCoins } from './coins';
import { useWithdrawal } from './use-withdrawal';

const t = TEXTS.withdrawals;
const ENDED_WITH_REASON = ['failed', 'rejected', 'cancelled'];

/**
 * WeChat's transfer waits for me: in a WeChat page the bridge opens the confirm sheet with the bill's package_info
 * and the merchant's ids; elsewhere a hint.
 */
function ConfirmInWeixin({ w }: { w: Withdrawal }) {
  if (detectPlatform() !== 'weixin_webpage') return <p className="mp-hint">{t.openInWeixin}</p>;
  const confirm = async () => {
    const outcome = await requestMerchantTransfer(w.package_info ?? '', { mchId: w.wx_mch_id ?? undefined, appId: w.wx_app_id ?? undefined });
    if (outcome === 'ok') toastSuccess(t.confirmed);
    else if (outcome === 'fail') toastError(t.confirmFailed);
    else if (outcome === 'unavailable') toast(t.openInWeixin);
  };
  return <button type="button" className="mp-btn mp-primary mp-small-btn" onClick={confirm}>{t.confirm}</button>;
}

/** 取消提现, asked once more before the coins go back. */
function CancelButton({ id, onCancelled }: { id: number; onCancelled: (w: Withdrawal) => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) return <button type="button" className="mp-btn mp-small-btn" onClick={() => setAsking(true)}>{t.cancel}</button>;
  const cancel = async () => {
    setBusy(true);
    try {
      onCancelled(await cancelWithdrawal(id));
      toastSuccess(t.cancelled);
    } catch {
      setBusy(false); // the kernel showed the API's message
      setAsking(false);
    }
  };
  return (
    <span className="mp-cancel-ask" role="group" aria-label={t.cancelAsk}>
      <span className="mp-small">{t.cancelAsk}</span>
      <button type="button" className="mp-btn mp-small-btn" disabled={busy} onClick={cancel}>{t.cancelYes}</button>
      <button type="button" className="mp-link mp-small" onClick={() => setAsking(false)}>{t.cancelNo}</button>
    </span>
  );
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One withdrawal: coins and yuan, where to, the state by colour, the reason it ended, what I can do about it. */
export function WithdrawalRow({ initial }: { initial: Withdrawal }) {
  const [w, replace] = useWithdrawal(initial);
  const cancellable = w.state === 'requested' || w.state === 'wait_user_confirm';
  return (
    <li className="mp-order" data-testid="withdrawal-row" data-id={w.id}>
      <div className="mp-order-head">
        <span className="mp-order-title">{formatCoins(w.coins)}</span>
        <span className={`mp-state mp-wstate-${w.state}`} data-testid="withdrawal-state">{w.state_label || WITHDRAW_STATE_LABELS[w.state]}</span>
      </div>
      <dl className="mp-order-meta">
        <Meta label={t.amount}>
          {/* nothing arrived when it ended without paying: the amount struck through */}
          <span className={ENDED_WITH_REASON.includes(w.state) ? 'mp-order-amount mp-order-amount-void' : 'mp-order-amount'}>{formatFen(w.amount)}</span>
        </Meta>
        <Meta label={t.fee}>{formatCoins(w.fee)}</Meta>
        <Meta label={t.channel}>{TEXTS.withdraw[w.channel]}</Meta>
        <Meta label={t.account}>{w.account}</Meta>
        <Meta label={t.created}>{formatTime(w.create_time)}</Meta>
        {w.finish_time && <Meta label={t.finished}>{formatTime(w.finish_time)}</Meta>}
        <Meta label={t.withdrawNo}><span className="mp-order-no">{w.withdraw_no}</span></Meta>
      </dl>
      {ENDED_WITH_REASON.includes(w.state) && w.reason && <p className="mp-reason">{t.reason}：{w.reason}</p>}
      <div className="mp-order-actions">
        {w.state === 'wait_user_confirm' && w.package_info && <ConfirmInWeixin w={w} />}
        {cancellable && <CancelButton id={w.id} onCancelled={replace} />}
      </div>
    </li>
  );
}
