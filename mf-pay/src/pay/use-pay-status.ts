import type { PayMethodName } from 'contracts/enums';
import { useEffect, useRef, useState } from 'react';
import { errorMessageOf, toastError } from 'shared-kernel';
import { queryOrder, type OrderKind, type PayQueryAnswer } from '../api/pay';

/** How often the order's state is asked while the person pays (a setting so tests need not wait 2 s). */
export const PAY_TIMING = { pollMs: 2000 };

export interface PayTarget {
  method: PayMethodName;
  kind: OrderKind;
  orderNo: string;
  /** ISO time the order stops being payable; unknown on the way back from a provider until the first answer. */
  expireTime?: string;
}

/** waiting: not paid yet; paid; expired: not paid in time (or closed); failed: the query itself was refused. */
export type PayPhase = 'waiting' | 'paid' | 'expired' | 'failed';

export interface PayStatus {
  phase: PayPhase;
  /** Seconds left to pay, or null while unknown. */
  secondsLeft: number | null;
}

function secondsUntil(iso: string | undefined): number | null {
  if (!iso) return null;
  const ms = new Date(iso).getTime() - Date.now();
  return Number.isFinite(ms) ? Math.max(0, Math.ceil(ms / 1000)) : null;
}

/** A 4xx other than 429 will not change by asking again (unknown order, another device's order, logged out). */
function isFinal(error: unknown): boolean {
  const status = (error as { response?: { status?: number } })?.response?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
}

/**
 * Asks the API how an order stands every PAY_TIMING.pollMs (one request at a time), and counts down to its
 * expiry each second. Stops when paid (calling onPaid once), when expired or closed, on a final error (its
 * message toasted through the kernel) and when the component goes away. `immediate` asks at once (the way back
 * from a provider's page) instead of after the first interval (a QR just shown).
 */
export function usePayStatus(target: PayTarget | null, onPaid: (answer: PayQueryAnswer) => void, immediate = false): PayStatus {
  const [phase, setPhase] = useState<PayPhase>('waiting');
  const [expireTime, setExpireTime] = useState(target?.expireTime);
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntil(target?.expireTime));
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;
  const expireRef = useRef(target?.expireTime);

  const { method, kind, orderNo, expireTime: initialExpire } = target ?? {};
  useEffect(() => {
    if (!method || !kind || !orderNo) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    expireRef.current = initialExpire;
    setExpireTime(initialExpire);
    setSecondsLeft(secondsUntil(initialExpire));
    setPhase('waiting');
    const stop = (next: PayPhase) => {
      live = false;
      clearTimeout(timer);
      setPhase(next);
    };
    const tick = async () => {
      const left = secondsUntil(expireRef.current);
      if (left === 0) return stop('expired');
      try {
        const answer = await queryOrder(method, kind, orderNo);
        if (!live) return;
        expireRef.current = answer.expire_time;
        setExpireTime(answer.expire_time);
        if (answer.paid) {
          stop('paid');
          onPaidRef.current(answer);
          return;
        }
        if (answer.state === 'closed') return stop('expired');
      } catch (error) {
        if (!live) return;
        if (isFinal(error)) {
          toastError(errorMessageOf(error));
          return stop('failed');
        }
      }
      timer = setTimeout(tick, PAY_TIMING.pollMs);
    };
    timer = setTimeout(tick, immediate ? 0 : PAY_TIMING.pollMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [method, kind, orderNo, initialExpire, immediate]);

  // The countdown; reaching zero ends the waiting even between two polls.
  useEffect(() => {
    if (phase !== 'waiting' || !expireTime) return;
    const update = () => {
      const left = secondsUntil(expireTime);
      setSecondsLeft(left);
      if (left === 0) setPhase('expired');
    };
    update();
    const timer = setInterval(update, 1000);
    return () => clearInterval(timer);
  }, [phase, expireTime]);

  return { phase, secondsLeft };
}
