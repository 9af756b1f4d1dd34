import { TEXTS } from '../texts';
import type { PayQueryAnswer } from '../api/pay';
import { usePayStatus, type PayTarget } from './use-pay-status';

/**
 * Back from a provider's page: the order is asked about at once and then every 2 s until it is paid or closed;
 * a closed or unknown order offers to order again.
 */
export function PayReturn({ target, onPaid, onReorder }: { target: PayTarget; onPaid: (answer: PayQueryAnswer) => void; onReorder: () => void }) {
  const { phase } = usePayStatus(target, onPaid, true);
  const over = phase === 'expired' || phase === 'failed';
  return (
    <section className="mp-card mp-return" data-order={target.orderNo}>
      <p className="mp-qr-title" role="status">
        {phase === 'paid' ? TEXTS.paid : over ? TEXTS.closed : TEXTS.checking}
      </p>
      {over && (
        <button type="button" className="mp-btn mp-primary" onClick={onReorder}>
          {TEXTS.qr.reorder}
        </button>
      )}
    </section>
  );
}
