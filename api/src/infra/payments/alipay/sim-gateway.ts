import { fenToYuan, yuanToFen } from './adapter';
import { alipayTime } from './sign';
import {
  failed,
  invalid,
  isTrade,
  notificationFields,
  ok,
  openTrade,
  refresh,
  type AlipaySimTrade,
  type Answer,
  type SimContext,
} from './sim-trades';

/** The simulator's books: its trades by out_trade_no, cashier tokens, and the money totals. */
export interface SimBooks {
  trades: Map<string, AlipaySimTrade>;
  tokens: Map<string, string>;
  totals: { receivedFen: number; refundedFen: number; paidTrades: number };
}

const NOT_EXIST = () => failed('ACQ.TRADE_NOT_EXIST', '交易不存在');

function visible(books: SimBooks, biz: Record<string, unknown>, ctx: SimContext): AlipaySimTrade | undefined {
  const trade = books.trades.get(String(biz.out_trade_no ?? ''));
  return trade?.scanned ? refresh(trade, ctx.now()) : undefined;
}

function precreate(books: SimBooks, biz: Record<string, unknown>, notifyUrl: string | undefined, ctx: SimContext): Answer {
  const trade = openTrade(books.trades, { method: 'alipay.trade.precreate', biz, notifyUrl }, ctx);
  if (!isTrade(trade)) return trade;
  books.tokens.set(trade.token, trade.outTradeNo);
  return ok({ out_trade_no: trade.outTradeNo, qr_code: `${ctx.url()}/qr/${trade.token}` });
}

function query(books: SimBooks, biz: Record<string, unknown>, ctx: SimContext): Answer {
  const trade = visible(books, biz, ctx);
  if (!trade) return NOT_EXIST();
  const amount = fenToYuan(trade.amountFen);
  return ok({
    trade_no: trade.tradeNo,
    out_trade_no: trade.outTradeNo,
    buyer_logon_id: trade.buyerLogonId,
    trade_status: trade.status,
    total_amount: amount,
    ...(trade.paidAt ? { receipt_amount: amount, buyer_pay_amount: amount, send_pay_date: alipayTime(trade.paidAt) } : {}),
    buyer_user_id: trade.buyerId,
  });
}

function close(books: SimBooks, biz: Record<string, unknown>, ctx: SimContext): Answer {
  const trade = books.trades.get(String(biz.out_trade_no ?? ''));
  if (!trade) return NOT_EXIST();
  refresh(trade, ctx.now());
  if (trade.status === 'TRADE_SUCCESS') return failed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
  // An unscanned trade is unknown to Alipay (TRADE_NOT_EXIST), yet the simulator closes its code anyway so a
  // closed order cannot be paid here; the real service may still take payment of such a code until time_expire.
  if (trade.status === 'WAIT_BUYER_PAY') trade.status = 'TRADE_CLOSED';
  if (!trade.scanned) return NOT_EXIST();
  return ok({ trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo });
}

function refundNotification(trade: AlipaySimTrade, requestNo: string, ctx: SimContext): void {
  if (!trade.notifyUrl) return;
  const now = ctx.now();
  ctx.notifier.send(trade.notifyUrl, trade.outTradeNo, {
    ...notificationFields(trade, ctx),
    refund_fee: fenToYuan(trade.refundedFen),
    out_biz_no: requestNo,
    gmt_refund: `${alipayTime(now)}.${String(now.getMilliseconds()).padStart(3, '0')}`,
    ...(trade.status === 'TRADE_CLOSED' ? { gmt_close: alipayTime(now) } : {}),
  });
}

function refund(books: SimBooks, biz: Record<string, unknown>, ctx: SimContext): Answer {
  const trade = books.trades.get(String(biz.out_trade_no ?? ''));
  if (!trade) return NOT_EXIST();
  refresh(trade, ctx.now());
  const amountFen = yuanToFen(String(biz.refund_amount ?? ''));
  const requestNo = String(biz.out_request_no ?? biz.out_trade_no);
  if (amountFen === undefined || amountFen < 1) return invalid('isv.invalid-parameter', '参数有误refund_amount');
  const answer = (fundChange: 'Y' | 'N') =>
    ok({
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      buyer_logon_id: trade.buyerLogonId,
      fund_change: fundChange,
      refund_fee: fenToYuan(trade.refundedFen),
    });
  const earlier = trade.refunds[requestNo];
  if (earlier !== undefined) {
    return earlier === amountFen ? answer('N') : failed('ACQ.DISCORDANT_REPEAT_REQUEST', '请求信息不一致');
  }
  if (trade.status === 'WAIT_BUYER_PAY') return failed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
  if (trade.status === 'TRADE_CLOSED') return failed('ACQ.TRADE_HAS_CLOSE', '交易已经关闭');
  if (trade.refundedFen + amountFen > trade.amountFen) return failed('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
  trade.refunds[requestNo] = amountFen;
  trade.refundedFen += amountFen;
  books.totals.refundedFen += amountFen;
  if (trade.refundedFen === trade.amountFen) trade.status = 'TRADE_CLOSED';
  refundNotification(trade, requestNo, ctx);
  return answer('Y');
}

function refundQuery(books: SimBooks, biz: Record<string, unknown>): Answer {
  const trade = books.trades.get(String(biz.out_trade_no ?? ''));
  if (!trade) return NOT_EXIST();
  const requestNo = String(biz.out_request_no ?? '');
  const fen = trade.refunds[requestNo];
  // Alipay answers 10000 without refund_status when there is no such refund
  if (fen === undefined) return ok({ out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo });
  return ok({
    out_trade_no: trade.outTradeNo,
    trade_no: trade.tradeNo,
    out_request_no: requestNo,
    total_amount: fenToYuan(trade.amountFen),
    refund_amount: fenToYuan(fen),
    refund_status: 'REFUND_SUCCESS',
  });
}

/** The answer of a JSON API method (not page/wap pay, which render the cashier); undefined: unknown method. */
export function apiAnswer(
  books: SimBooks,
  method: string,
  biz: Record<string, unknown>,
  params: Record<string, string>,
  ctx: SimContext,
): Answer | undefined {
  switch (method) {
    case 'alipay.trade.precreate':
      return precreate(books, biz, params.notify_url, ctx);
    case 'alipay.trade.query':
      return query(books, biz, ctx);
    case 'alipay.trade.close':
      return close(books, biz, ctx);
    case 'alipay.trade.refund':
      return refund(books, biz, ctx);
    case 'alipay.trade.fastpay.refund.query':
      return refundQuery(books, biz);
    default:
      return undefined;
  }
}
