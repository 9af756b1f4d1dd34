import type { WithdrawState } from 'contracts/enums';
import { useEffect, useState } from 'react';
import { getWithdrawal, type Withdrawal } from '../api/coins';

/** How often a withdrawal on its way is asked about again (tests shorten it). */
export const WITHDRAW_TIMING = { pollMs: 5000 };

/** The states that end without the person: approved waits for the payout, paying for the provider, the last for WeChat. */
const MOVING: readonly WithdrawState[] = ['approved', 'paying', 'wait_user_confirm'];

export const isMoving = (state: WithdrawState) => MOVING.includes(state);

/**
 * One withdrawal as the list gave it, kept up to date: while it is on its way it is fetched again every 5 s
 * (GET /api/withdraw/{id}/) until it ends; never after the row is gone. `replace` takes an answer of our own (cancel).
 */
export function useWithdrawal(initial: Withdrawal): [Withdrawal, (w: Withdrawal) => void] {
  const [withdrawal, replace] = useState(initial);
  const { id, state } = withdrawal;
  useEffect(() => {
    if (!isMoving(state)) return;
    let live = true;
    const timer = setTimeout(() => {
      getWithdrawal(id).then(
        (fresh) => live && replace(fresh),
        // a failed poll asks again after the next interval
        () => live && replace((w) => ({ ...w })),
      );
    }, WITHDRAW_TIMING.pollMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id, state, withdrawal]);
  return [withdrawal, replace];
}
