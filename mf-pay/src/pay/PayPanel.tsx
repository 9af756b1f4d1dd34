import type { PayChannelName, PayMethodName } from 'contracts/enums';
import { useCallback, useMemo, useState } from 'react';
import { detectPlatform, formatFen, requestWxPay, type WxPayOutcome } from 'shared-kernel';
import { createOrder, type Order, type OrderKind, type PayQueryAnswer } from '../api/pay';
import { TEXTS } from '../texts';
import { MethodPicker } from '../ui/MethodPicker';
import { ALIPAY_PC_REDIRECT, channelFor, methodsFor } from './channel';
import { leave } from './navigation';
import { rememberPending } from './pending';
import { JsapiView, QrView } from './PayViews';

/** What is being bought: one document or one package, and its price in fen. */
export interface Purchase {
  type: 'docs' | 'package';
  docs?: number;
  price_policy?: number;
  amount: number;
  title: string;
}

export interface PayPanelProps {
  purchase: Purchase;
  kind: OrderKind;
  /** The path the provider's page sends the person back to (this page, with `return=1` and the method). */
  returnPathFor: (method: PayMethodName) => string;
  /** Where the purchase started (a package's order goes back there once paid). */
  fromPath?: string;
  /** Called with each new order (a guest's page remembers it for this device). */
  onCreated?: (order: Order) => void;
  /** Called just before the location goes to the provider's page (the docs-pay cookies). */
  beforeRedirect?: (order: Order) => void;
  onPaid: (answer: PayQueryAnswer, orderNo: string) => void;
}

type Step =
  | { at: 'choose' }
  | { at: 'creating' }
  | { at: 'redirecting' }
  | { at: 'qr'; order: Order; method: PayMethodName }
  | { at: 'jsapi'; order: Order; outcome: WxPayOutcome | null };

function orderBody(purchase: Purchase, kind: OrderKind, method: PayMethodName, channel: PayChannelName, returnPath: string, fromPath?: string) {
  const pay = { pay_method: method, channel, return_path: returnPath, ...(fromPath ? { from_path: fromPath } : {}) };
  if (kind === 'once') return { docs: purchase.docs as number, ...pay };
  return purchase.type === 'docs'
    ? { type: 'docs' as const, docs: purchase.docs, ...pay }
    : { type: 'package' as const, price_policy: purchase.price_policy, ...pay };
}

/**
 * Choosing a method and paying: the channel follows the platform (PC: a QR; a phone's browser: the provider's
 * page; inside WeChat: the JSAPI sheet), then the order is watched until it is paid or expires.
 */
export function PayPanel(props: PayPanelProps) {
  const { purchase, kind, returnPathFor, fromPath, onCreated, beforeRedirect, onPaid } = props;
  const platform = useMemo(() => detectPlatform(), []);
  const methods = methodsFor(platform);
  const [method, setMethod] = useState<PayMethodName>(methods[0]);
  const [step, setStep] = useState<Step>({ at: 'choose' });
  const inWeixin = platform === 'weixin_webpage' || platform === 'weixin_miniapp';

  const start = useCallback(
    async (payMethod: PayMethodName, channel: PayChannelName) => {
      setStep({ at: 'creating' });
      let order: Order;
      try {
        order = await createOrder(kind, orderBody(purchase, kind, payMethod, channel, returnPathFor(payMethod), fromPath));
      } catch {
        setStep({ at: 'choose' }); // the kernel toasted the server's message (or asked for login)
        return;
      }
      onCreated?.(order);
      const pay = order.pay;
      if (pay?.kind === 'redirect' && pay.url) {
        rememberPending({ order_no: order.order_no, method: payMethod, kind });
        beforeRedirect?.(order);
        setStep({ at: 'redirecting' });
        leave.assign(pay.url);
      } else if (pay?.kind === 'jsapi' && pay.params) {
        setStep({ at: 'jsapi', order, outcome: null });
        const outcome = await requestWxPay(pay.params, order.order_no);
        setStep((s) => (s.at === 'jsapi' && s.order === order ? { ...s, outcome } : s));
      } else if (pay?.kind === 'qr' && pay.code_url) {
        setStep({ at: 'qr', order, method: payMethod });
      } else setStep({ at: 'choose' });
    },
    [kind, purchase, returnPathFor, fromPath, onCreated, beforeRedirect],
  );

  const busy = step.at === 'creating' || step.at === 'redirecting';
  const paid = useCallback((answer: PayQueryAnswer, order: Order) => onPaid(answer, order.order_no), [onPaid]);
  return (
    <section className="mp-pay" aria-label={TEXTS.method.legend}>
      <MethodPicker
        methods={methods}
        value={method}
        disabled={busy}
        hint={inWeixin ? TEXTS.method.alipayInWeixin : undefined}
        onChange={(m) => {
          setMethod(m);
          if (step.at === 'qr' || step.at === 'jsapi') setStep({ at: 'choose' });
        }}
      />
      {step.at === 'qr' ? (
        <QrView
          order={step.order}
          method={step.method}
          kind={kind}
          onPaid={paid}
          onReorder={() => void start(step.method, channelFor(step.method, platform))}
          onAlipayPage={() => void start('alipay', ALIPAY_PC_REDIRECT)}
          onCancel={() => setStep({ at: 'choose' })}
        />
      ) : step.at === 'jsapi' ? (
        <JsapiView
          order={step.order}
          kind={kind}
          outcome={step.outcome}
          onPaid={paid}
          onAgain={() => void start('wxpay', 'jsapi')}
        />
      ) : (
        <div className="mp-pay-bar">
          <p className="mp-amount">
            {TEXTS.amount}
            <strong>{formatFen(purchase.amount)}</strong>
          </p>
          <button type="button" className="mp-btn mp-primary mp-pay-btn" disabled={busy} onClick={() => void start(method, channelFor(method, platform))}>
            {step.at === 'creating' ? TEXTS.creating : step.at === 'redirecting' ? TEXTS.redirecting : TEXTS.pay(formatFen(purchase.amount))}
          </button>
        </div>
      )}
    </section>
  );
}
