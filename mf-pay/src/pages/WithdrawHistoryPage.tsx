import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { ListFooter, routePath, useInfiniteList } from 'shared-kernel';
import { listWithdrawals, type Withdrawal } from '../api/coins';
import { TEXTS } from '../texts';
import { PageFrame } from '../ui/Status';
import { WithdrawalRow } from '../withdraw/WithdrawalRow';

const ROUTE = 'user.pay.withdrawHistory';

/** user/pay/withdraw_history: my withdrawals, newest first, page by page; those on their way keep themselves fresh. */
export default function WithdrawHistoryPage() {
  const fetchPage = useCallback((page: number, signal: AbortSignal) => listWithdrawals(page, signal), []);
  const list = useInfiniteList<Withdrawal>({ fetchPage, key: 'withdrawals', route: ROUTE });
  const empty = list.status === 'done' && list.items.length === 0;
  return (
    <PageFrame route={ROUTE}>
      {empty ? (
        <div className="mp-card mp-empty">
          <p>{TEXTS.withdrawals.empty}</p>
          <Link className="mp-btn mp-primary" to={routePath('user.pay.withdraw')}>{TEXTS.withdrawals.toWithdraw}</Link>
        </div>
      ) : (
        <ul className="mp-orders">
          {list.items.map((w) => (
            <WithdrawalRow key={w.id} initial={w} />
          ))}
        </ul>
      )}
      <ListFooter list={list} />
    </PageFrame>
  );
}
