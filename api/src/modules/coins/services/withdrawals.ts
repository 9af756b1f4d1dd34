import { randomInt } from 'node:crypto';
import { WITHDRAW_STATE_LABELS, type Withdrawal, type WithdrawBody, type WithdrawQuote } from 'contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, invalid } from '../../../core/http/errors';
import { openidOf } from '../../accounts/repositories/trd-accounts';
import { proveOwner } from '../../accounts/services/account-security';
import type { UserRow } from '../../accounts/users';
import { startOfDay } from '../../content/day';
import { InsufficientBalance, LEDGER_ACCOUNTS, postEntry } from '../../ledger';
import { coinSettings, type CoinSettings } from '../repositories/settings';
import { accountStanding, insertWithdrawal, lockWithdrawer, moveWithdrawal, withdrawalsSince, type WithdrawalRow } from '../repositories/withdrawals';
import { COIN_ENTRY, releaseDue } from './earnings';
import { startPayout } from './payouts';
import { coinBalance } from './records';

const DAY_MS = 24 * 3600 * 1000;
const SHANGHAI_MS = 8 * 3600 * 1000;

export function feeOf(coins: number, s: CoinSettings): number {
  return Math.max(s.fee_min_coins, Math.ceil((coins * s.fee_rate_bp) / 10_000));
}

/** 'W' + yyyyMMddHHmmss (Asia/Shanghai) + 8 random digits: the business number the provider keeps across retries. */
function newWithdrawNo(now: Date): string {
  const stamp = new Date(now.getTime() + SHANGHAI_MS).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `W${stamp}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

function mask(w: Pick<WithdrawalRow, 'channel' | 'payee'>): string {
  if (w.channel === 'wxpay') return '微信零钱';
  const at = w.payee.indexOf('@');
  if (at > 0) return `${w.payee.slice(0, Math.min(2, at))}***${w.payee.slice(at)}`;
  return w.payee.length > 7 ? `${w.payee.slice(0, 3)}****${w.payee.slice(-4)}` : `${w.payee.slice(0, 1)}****`;
}

/** A withdrawal as its owner sees it; `wx` (the merchant's ids) goes with a WeChat bill waiting for confirmation. */
export function withdrawalItem(w: WithdrawalRow, wx?: { mchId: string; appId: string }): Withdrawal {
  const waiting = w.state === 'wait_user_confirm' && w.package_info !== null;
  return {
    id: w.id,
    withdraw_no: w.withdraw_no,
    coins: w.coins,
    fee: w.fee,
    amount: w.amount_fen,
    channel: w.channel,
    account: `${w.channel === 'alipay' ? '支付宝 ' : ''}${mask(w)}`,
    state: w.state,
    state_label: WITHDRAW_STATE_LABELS[w.state],
    reason: w.reason,
    package_info: waiting ? w.package_info : null,
    wx_mch_id: waiting && wx ? wx.mchId : null,
    wx_app_id: waiting && wx ? wx.appId : null,
    auto_approved: w.auto_approved,
    create_time: w.create_time.toISOString(),
    finish_time: w.finish_time ? w.finish_time.toISOString() : null,
  };
}

/** GET /api/withdraw/extra_withdraw_coin/: what can be withdrawn now, and every reason it is not more. */
export async function withdrawQuote(app: FastifyInstance, userId: number): Promise<WithdrawQuote> {
  const balance = await coinBalance(app, userId);
  const s = await coinSettings(app.db);
  const today = await withdrawalsSince(app.db, userId, startOfDay(app.now()));
  const yuan = (coins: number) => `¥${((coins * s.coin_value_fen) / 100).toFixed(2)}`;
  const reasons: string[] = [];
  if (balance.available < s.min_withdraw_coins) reasons.push(`可用金币满 ${s.min_withdraw_coins}（${yuan(s.min_withdraw_coins)}）才能提现`);
  if (balance.frozen > 0) reasons.push(`${balance.frozen} 金币还在冻结期：收益入账 ${s.freeze_days} 天后才能提现`);
  if (balance.withdrawing > 0) reasons.push(`${balance.withdrawing} 金币正在提现中`);
  if (balance.available > s.max_withdraw_coins) reasons.push(`单笔最多提现 ${s.max_withdraw_coins} 金币`);
  if (today >= s.daily_withdraw_count) reasons.push(`今天已提现 ${today} 次，每天最多 ${s.daily_withdraw_count} 次`);
  const open = balance.available >= s.min_withdraw_coins && today < s.daily_withdraw_count;
  return {
    available: balance.available,
    frozen: balance.frozen,
    withdrawing: balance.withdrawing,
    withdrawable: open ? Math.min(balance.available, s.max_withdraw_coins) : 0,
    min_coins: s.min_withdraw_coins,
    max_coins: s.max_withdraw_coins,
    daily_count: s.daily_withdraw_count,
    today_count: today,
    fee_rate_bp: s.fee_rate_bp,
    fee_min: s.fee_min_coins,
    coin_value_fen: s.coin_value_fen,
    freeze_days: s.freeze_days,
    next_release: balance.next_release,
    reasons,
    channels: { alipay: true, wxpay: (await openidOf(app.db, userId, 'weixingzh')) !== null },
  };
}

/** The payee of the chosen channel: the Alipay account and its real name, or the WeChat login's openid. */
async function payeeOf(app: FastifyInstance, user: UserRow, body: WithdrawBody): Promise<{ payee: string; realName: string }> {
  if (body.channel === 'wxpay') {
    const openid = await openidOf(app.db, user.id, 'weixingzh');
    if (!openid) throw invalid({ channel: ['请先用微信登录绑定微信'] }, '请先用微信登录绑定微信，再提现到微信');
    return { payee: openid, realName: body.real_name ?? '' };
  }
  if (!body.alipay_account) throw invalid({ alipay_account: ['请填写支付宝账号'] }, '请填写支付宝账号');
  if (!body.real_name) throw invalid({ real_name: ['请填写支付宝账号的真实姓名'] }, '请填写支付宝账号的真实姓名');
  return { payee: body.alipay_account, realName: body.real_name };
}

const dailyLimit = (s: CoinSettings) => new ApiError(400, 'daily_limit', `每天最多提现 ${s.daily_withdraw_count} 次，请明天再来`);

async function checkAmount(app: FastifyInstance, user: UserRow, coins: number, s: CoinSettings): Promise<void> {
  if (coins < s.min_withdraw_coins) throw invalid({ coins: [`最少提现 ${s.min_withdraw_coins} 金币`] }, `最少提现 ${s.min_withdraw_coins} 金币`);
  if (coins > s.max_withdraw_coins) throw invalid({ coins: [`单笔最多提现 ${s.max_withdraw_coins} 金币`] }, `单笔最多提现 ${s.max_withdraw_coins} 金币`);
  if ((await withdrawalsSince(app.db, user.id, startOfDay(app.now()))) >= s.daily_withdraw_count) throw dailyLimit(s);
}

async function autoApprovable(app: FastifyInstance, userId: number, coins: number, s: CoinSettings): Promise<boolean> {
  if (coins > s.auto_approve_max_coins) return false;
  const standing = await accountStanding(app.db, userId);
  return !!standing && standing.is_active && app.now().getTime() - standing.create_time.getTime() >= s.auto_approve_min_account_days * DAY_MS;
}

/**
 * POST /api/withdraw/: checks the amount and the payee, asks for a fresh proof, then in one transaction writes the
 * withdrawal and moves its coins from available to withdrawing (under the account's row lock: two requests at
 * once can never take more than the balance). Small ones from accounts in good standing are approved in that
 * same transaction (a crash right after it leaves them approved, for the sweep to send, never waiting for staff)
 * and paid out; the others wait for staff.
 */
export async function requestWithdrawal(app: FastifyInstance, request: FastifyRequest, user: UserRow, body: WithdrawBody): Promise<Withdrawal> {
  const s = await coinSettings(app.db);
  await checkAmount(app, user, body.coins, s);
  const { payee, realName } = await payeeOf(app, user, body);
  await proveOwner(request, user, body.proof);
  const fee = feeOf(body.coins, s);
  const now = app.now();
  await releaseDue(app.db, now, user.id); // earnings that came due are withdrawable now
  // decided before the transaction, written in it (the standing it reads can change meanwhile, as it always could)
  const auto = await autoApprovable(app, user.id, body.coins, s);
  let w: WithdrawalRow;
  try {
    w = await app.db.transaction(async (tx) => {
      // counted again under the user's lock: requests sent at once all passed the count above, and each was
      // written (coins-invariants found a day with more than the daily count)
      await lockWithdrawer(tx, user.id);
      if ((await withdrawalsSince(tx, user.id, startOfDay(now))) >= s.daily_withdraw_count) throw dailyLimit(s);
      const row = await insertWithdrawal(tx, { withdraw_no: newWithdrawNo(now), user_id: user.id, coins: body.coins, fee, amount_fen: (body.coins - fee) * s.coin_value_fen, channel: body.channel, payee, real_name: realName, create_time: now });
      await postEntry(tx, {
        key: `withdraw-hold:${row.withdraw_no}`,
        kind: COIN_ENTRY.hold,
        unit: 'coin',
        ref: `withdraw:${row.id}`,
        memo: `提现 ${body.coins} 金币`,
        at: now,
        postings: [
          { account: LEDGER_ACCOUNTS.coins(user.id, 'available'), amount: -body.coins },
          { account: LEDGER_ACCOUNTS.coins(user.id, 'withdrawing'), amount: body.coins },
        ],
      });
      if (auto) await moveWithdrawal(tx, row.id, ['requested'], 'approved', { reviewer: 'auto', autoApproved: true, at: now });
      return row;
    });
  } catch (error) {
    if (error instanceof InsufficientBalance) throw invalid({ coins: ['可提现金币不足'] }, '可提现金币不足');
    throw error;
  }
  if (auto) w = await startPayout(app, w.id);
  return withdrawalItem(w, app.pay.config.wxpay);
}
