import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { navigate, routePath, toastSuccess } from 'shared-kernel';
import { getWithdrawQuote } from '../api/coins';
import { TEXTS } from '../texts';
import { LoadError, Loading, PageFrame } from '../ui/Status';
import { useLoad } from 'shared-kernel';
import { QuoteCard } from '../withdraw/QuoteCard';
import { WithdrawForm } from '../withdraw/WithdrawForm';

const ROUTE = 'user.pay.withdraw';

/** user/pay/withdraw: what I can withdraw and why not more, then the form (one column: read first, then fill in); once sent, my withdrawals. */
export default function WithdrawPage() {
  const quote = useLoad('quote', getWithdrawQuote);
  const done = useCallback(() => {
    toastSuccess(TEXTS.withdraw.done);
    navigate(routePath('user.pay.withdrawHistory'));
  }, []);
  return (
    <PageFrame route={ROUTE} narrow>
      {quote.error ? <LoadError error={quote.error} onRetry={quote.reload} /> : !quote.data ? <Loading /> : (
        <div className="mp-narrow">
          <QuoteCard quote={quote.data} />
          <WithdrawForm quote={quote.data} onDone={done} />
          <Link className="mp-link" to={routePath('user.pay.withdrawHistory')}>{TEXTS.withdraw.history}</Link>
        </div>
      )}
    </PageFrame>
  );
}
