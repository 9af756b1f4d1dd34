import type { PayMethodName } from 'contracts/enums';
import { formatFen, type WxPayOutcome } from 'shared-kernel';
import type { Order, OrderKind, PayQueryAnswer } from '../api/pay';
import { TEXTS } from '../texts';
import { QrCode } from '../ui/QrCode';
import { mmss } from './time';
import { usePayStatus } from './use-pay-status';

interface QrViewProps {
  order: Order;
  method: PayMethodName;
  kind: OrderKind;
  onPaid: (answer: PayQueryAnswer, order: Order) => void;
  onReorder: () => void;
  onAlipayPage: () => void;
  onCancel: () => void;
}

/** The QR to scan, the amount and the time left; the order is asked about every 2 s until paid or expired. */
export function QrView({ order, method, kind, onPaid, onReorder, onAlipayPage, onCancel }: QrViewProps) {
  const { phase, secondsLeft } = usePayStatus(
    { method, kind, orderNo: order.order_no, expireTime: order.expire_time },
    (answer) => onPaid(answer, order),
  );
  const name = TEXTS.method[method];
  if (phase === 'expired' || phase === 'failed') {
    return (
      <div className="mp-qr-box mp-qr-expired" role="alert">
        <p className="mp-qr-title">{phase === 'expired' ? TEXTS.qr.expired : TEXTS.closed}</p>
        <button type="button" className="mp-btn mp-primary" onClick={onReorder}>
          {TEXTS.qr.reorder}
        </button>
      </div>
    );
  }
  return (
    <div className={`mp-qr-box mp-qr-${method}`} data-order={order.order_no}>
      <p className="mp-amount">
        {TEXTS.amount}
        <strong>{formatFen(order.amount)}</strong>
      </p>
      <QrCode text={order.pay?.code_url ?? ''} alt={TEXTS.qr.alt(name)} />
      <p className="mp-qr-title">{phase === 'paid' ? TEXTS.paid : TEXTS.qr.scan(name)}</p>
      {secondsLeft !== null && phase === 'waiting' && (
        <p className="mp-muted">
          {TEXTS.qr.countdown} <time data-testid="pay-countdown">{mmss(secondsLeft)}</time>
        </p>
      )}
      <p className="mp-muted mp-small" role="status">
        {phase === 'paid' ? TEXTS.checking : TEXTS.qr.waiting}
      </p>
      <div className="mp-qr-actions">
        {method === 'alipay' && (
          <button type="button" className="mp-link" onClick={onAlipayPage}>
            {TEXTS.qr.alipayPage}
          </button>
        )}
        <button type="button" className="mp-link mp-muted" onClick={onCancel}>
          {TEXTS.qr.cancel}
        </button>
      </div>
    </div>
  );
}

const OUTCOME_TEXT: Partial<Record<WxPayOutcome, string>> = {
  cancel: TEXTS.jsapi.cancelled,
  fail: TEXTS.jsapi.failed,
  unavailable: TEXTS.jsapi.unavailable,
};

/** WeChat's own pay sheet was opened: the order is watched while the person pays there. */
export function JsapiView({ order, kind, outcome, onPaid, onAgain }: {
  order: Order;
  kind: OrderKind;
  outcome: WxPayOutcome | null;
  onPaid: (answer: PayQueryAnswer, order: Order) => void;
  onAgain: () => void;
}) {
  const { phase } = usePayStatus({ method: 'wxpay', kind, orderNo: order.order_no, expireTime: order.expire_time }, (answer) => onPaid(answer, order));
  const problem = outcome ? OUTCOME_TEXT[outcome] : undefined;
  return (
    <div className="mp-qr-box" data-order={order.order_no}>
      <p className="mp-amount">
        {TEXTS.amount}
        <strong>{formatFen(order.amount)}</strong>
      </p>
      <p className="mp-qr-title" role="status">
        {phase === 'paid' ? TEXTS.paid : phase === 'expired' ? TEXTS.closed : problem ?? TEXTS.jsapi.waiting}
      </p>
      {phase !== 'paid' && (problem || phase !== 'waiting') && (
        <button type="button" className="mp-btn mp-primary" onClick={onAgain}>
          {TEXTS.jsapi.again}
        </button>
      )}
    </div>
  );
}
