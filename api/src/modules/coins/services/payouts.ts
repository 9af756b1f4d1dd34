import type { WithdrawState } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import { NotificationRejected, type NotificationAnswer, type PayoutStatus, type RawNotification } from '../../../infra/payments/types';
import { LEDGER_ACCOUNTS, postEntry } from '../../ledger';
import { notify } from '../../notifications';
import { lockWithdrawal, moveWithdrawal, openPayouts, withdrawalById, withdrawalByNo, type WithdrawalRow } from '../repositories/withdrawals';
import { COIN_ENTRY } from './earnings';

const UNFINISHED = ['approved', 'paying', 'wait_user_confirm'] as const;

/** The payout arrived: once, with the entry that takes the coins out (less the fee, which the site keeps). */
async function paid(app: FastifyInstance, id: number, providerId: string | undefined): Promise<void> {
  await app.db.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, id);
    if (!w || !(await moveWithdrawal(tx, id, UNFINISHED, 'success', { providerId: providerId ?? null, at: app.now() }))) return;
    await postEntry(tx, {
      key: `withdraw-paid:${w.withdraw_no}`,
      kind: COIN_ENTRY.paid,
      unit: 'coin',
      ref: `withdraw:${w.id}`,
      memo: `提现到${w.channel === 'alipay' ? '支付宝' : '微信'}`,
      at: app.now(),
      postings: [
        { account: LEDGER_ACCOUNTS.coins(w.user_id, 'withdrawing'), amount: -w.coins },
        { account: LEDGER_ACCOUNTS.coinsWithdrawn, amount: w.coins - w.fee },
        ...(w.fee > 0 ? [{ account: LEDGER_ACCOUNTS.coinsFees, amount: w.fee }] : []),
      ],
    });
    await notify(tx, w.user_id, { kind: 'withdraw_paid', withdrawId: w.id, coins: w.coins, channel: w.channel, at: app.now() });
  });
}

/**
 * Acts on what the provider says of a payout. A notification and a query reporting the same outcome settle it
 * once: each ending is a conditional state change and an entry with its own idempotency key, in one transaction.
 */
export async function applyPayoutStatus(app: FastifyInstance, id: number, status: PayoutStatus): Promise<void> {
  switch (status.state) {
    case 'success':
      return paid(app, id, status.providerId);
    case 'failed':
      await returnWithdrawal(app, id, UNFINISHED, 'failed', status.failReason || '打款失败');
      return;
    case 'wait_user_confirm':
      await moveWithdrawal(app.db, id, ['paying', 'wait_user_confirm'], 'wait_user_confirm', { packageInfo: status.packageInfo ?? null, providerId: status.providerId ?? null, at: app.now() });
      return;
    default:
      return; // processing, or unknown: the sweep asks again
  }
}

function providerOf(app: FastifyInstance, w: WithdrawalRow) {
  const provider = app.coins.payouts[w.channel];
  if (!provider) throw new ApiError(503, 'pay_unavailable', '提现通道未配置');
  return provider;
}

/**
 * Sends an approved payout (or sends it again): always with the withdrawal's own number, so a retry after a
 * timeout is the same payout at the provider, never a second one. A failure to reach the provider leaves it
 * paying; the query (the page, the sweep) finds out what happened.
 */
export async function startPayout(app: FastifyInstance, id: number): Promise<WithdrawalRow> {
  await moveWithdrawal(app.db, id, ['approved'], 'paying', { at: app.now() });
  const w = (await withdrawalById(app.db, id)) as WithdrawalRow;
  if (w.state !== 'paying') return w;
  const provider = providerOf(app, w);
  let status: PayoutStatus;
  try {
    status = await provider.transfer({
      outBizNo: w.withdraw_no,
      amountFen: w.amount_fen,
      payee: w.payee,
      realName: w.real_name || undefined,
      remark: '文档收益提现',
      notifyUrl: `${app.pay.config.notifyOrigin}/api/wxpay/transfer-notify/`,
    });
  } catch (error) {
    app.log.warn({ err: error, withdraw: w.withdraw_no }, 'payout not confirmed; it will be queried');
    return w;
  }
  await applyPayoutStatus(app, id, status);
  return (await withdrawalById(app.db, id)) as WithdrawalRow;
}

/** Asks the provider about an unfinished payout; one it never received is sent again under the same number. */
export async function refreshPayout(app: FastifyInstance, w: WithdrawalRow): Promise<WithdrawalRow> {
  if (w.state === 'approved') return startPayout(app, w.id);
  if (w.state !== 'paying' && w.state !== 'wait_user_confirm') return w;
  try {
    const status = await providerOf(app, w).query(w.withdraw_no);
    if (status.state === 'unknown' && w.state === 'paying') return startPayout(app, w.id);
    await applyPayoutStatus(app, w.id, status);
  } catch (error) {
    // the provider unreachable or its answer unreadable: the state stays, the next look asks again
    app.log.warn({ err: error, withdraw: w.withdraw_no }, 'payout query failed');
  }
  return (await withdrawalById(app.db, w.id)) as WithdrawalRow;
}

/** The user cancels: before review the coins come back at once; a WeChat bill waiting for them is cancelled there first. */
export async function cancelWithdrawal(app: FastifyInstance, userId: number, id: number): Promise<WithdrawalRow> {
  const w = await withdrawalById(app.db, id);
  if (!w || w.user_id !== userId) throw new ApiError(404, 'not_found', '提现记录不存在');
  if (w.state === 'requested') {
    await returnWithdrawal(app, id, ['requested'], 'cancelled', '你取消了提现');
  } else if (w.state === 'wait_user_confirm') {
    const status = await providerOf(app, w).cancel(w.withdraw_no);
    if (status.state === 'success') await applyPayoutStatus(app, id, status);
    else await returnWithdrawal(app, id, ['wait_user_confirm', 'paying'], 'cancelled', '你取消了提现');
  } else {
    throw new ApiError(409, 'not_cancellable', '该提现正在打款或已结束，不能取消');
  }
  return (await withdrawalById(app.db, id)) as WithdrawalRow;
}

/** Payouts approved but not sent, or left unfinished for a minute: sent or asked again. */
export async function sweepPayouts(app: FastifyInstance, limit = 50): Promise<number> {
  const open = await openPayouts(app.db, new Date(app.now().getTime() - 60_000), limit);
  for (const w of open) {
    await refreshPayout(app, w).catch((error) => app.log.warn({ err: error, withdraw: w.withdraw_no }, 'payout sweep: left for the next sweep'));
  }
  return open.length;
}

/** POST /api/wxpay/transfer-notify/: WeChat's bill notification, verified before anything changes. */
export async function handlePayoutNotification(app: FastifyInstance, raw: RawNotification): Promise<NotificationAnswer> {
  const provider = app.coins.payouts.wxpay;
  const answer = (ok: boolean): NotificationAnswer =>
    ok ? { status: 204, contentType: 'text/plain; charset=utf-8', body: '' } : { status: 500, contentType: 'application/json; charset=utf-8', body: '{"code":"FAIL","message":"失败"}' };
  if (!provider?.verifyPayoutNotification) return { status: 404, contentType: 'text/plain; charset=utf-8', body: 'not configured' };
  try {
    const verified = provider.verifyPayoutNotification(raw);
    const w = await withdrawalByNo(app.db, verified.outBizNo);
    if (w) await applyPayoutStatus(app, w.id, verified.status);
    return answer(true);
  } catch (error) {
    if (error instanceof NotificationRejected) app.log.warn({ reason: error.reason }, 'payout notification rejected');
    else app.log.error({ err: error }, 'payout notification failed; WeChat will retry');
    return answer(false);
  }
}

/** Ends a withdrawal whose coins come back (failed, rejected by staff, cancelled): once, with the return entry. */
export async function returnWithdrawal(app: FastifyInstance, id: number, from: readonly WithdrawState[], to: 'failed' | 'rejected' | 'cancelled', reason: string, reviewer?: string): Promise<boolean> {
  return app.db.transaction(async (tx) => {
    const row = await lockWithdrawal(tx, id);
    if (!row || !(await moveWithdrawal(tx, id, from, to, { reason, reviewer, at: app.now() }))) return false;
    await postEntry(tx, {
      key: `withdraw-return:${row.withdraw_no}`,
      kind: COIN_ENTRY.returned,
      unit: 'coin',
      ref: `withdraw:${row.id}`,
      memo: reason,
      at: app.now(),
      postings: [
        { account: LEDGER_ACCOUNTS.coins(row.user_id, 'withdrawing'), amount: -row.coins },
        { account: LEDGER_ACCOUNTS.coins(row.user_id, 'available'), amount: row.coins },
      ],
    });
    // a cancel is the user's own doing: no message about it
    if (to !== 'cancelled') await notify(tx, row.user_id, { kind: 'withdraw_returned', withdrawId: row.id, coins: row.coins, reason, at: app.now() });
    return true;
  });
}
