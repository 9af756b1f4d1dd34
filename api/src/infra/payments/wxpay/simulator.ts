import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLoopbackAddress } from '../../security/dev-routes';
import type { NotificationFault, PaySimulatorKeys } from '../types';
import { verifyJsapiPaySign, wechatpaySignatureHeaders } from './sign';
import { authorizationProblem, closeOrder, createOrder, queryOrder, refundOrder } from './simulator-api';
import { CASHIER_CSP, cashierPage, statePage, transferPage, yuan } from './simulator-cashier';
import { Notifier } from './simulator-notify';
import { error, TradeBook, type ApiAnswer, type Channel, type SimTrade } from './simulator-trades';
import { TransferBook, WX_PAYOUT_FAULTS, type WxpayPayoutFault, type WxpaySimBill } from './simulator-transfers';

export type { WxpayPayoutFault, WxpaySimBill } from './simulator-transfers';

export interface WxpaySimulatorOptions {
  keys: PaySimulatorKeys['wxpay'];
  /** Loopback only (127.x, ::1, localhost); default 127.0.0.1. */
  host?: string;
  /** 0 (default): any free port. */
  port?: number;
  /** Multiplies WeChat's notification retry schedule and the refund delay (1 = real; tests e.g. 0.001). */
  timeScale?: number;
  now?: () => Date;
  log?: (line: string) => void;
}

/** A trade as the simulator holds it (for tests). */
export interface WxpayTradeSnapshot {
  outTradeNo: string;
  tradeType: string;
  /** NOTPAY, SUCCESS, CLOSED or REFUND. */
  tradeState: string;
  totalFen: number;
  description: string;
  prepayId: string;
  transactionId?: string;
  expireAt: Date;
  refunds: { outRefundNo: string; refundId: string; amountFen: number; status: string }[];
}

export interface WxpaySimulator {
  /** The base URL: what WxpayCredentials.baseUrl gets. */
  url: string;
  close(): Promise<void>;
  /** What the cashier's 确认支付 does. */
  pay(outTradeNo: string): Promise<void>;
  setFault(outTradeNo: string | '*', fault: NotificationFault): void;
  /** Payments received and refunded, and paidOutFen: what confirmed transfer bills have paid out. */
  totals(): { receivedFen: number; refundedFen: number; paidTrades: number; paidOutFen: number };
  trade(outTradeNo: string): WxpayTradeSnapshot | undefined;
  /** What the next bill of the number (or of every number: '*') meets; see WxpayPayoutFault. */
  payoutFault(outBillNo: string | '*', fault: WxpayPayoutFault): void;
  /** The payee's 确认收款; rejects (Chinese message) for an unknown, paid, cancelled or closed bill. */
  confirmTransfer(outBillNo: string): Promise<void>;
  /** The payee's confirmation page of a bill (what wx.requestMerchantTransfer opens), undefined for none. */
  transferPageUrl(outBillNo: string): string | undefined;
  payouts(): { items: WxpaySimBill[]; paidOutFen: number };
}

const FAULTS: readonly NotificationFault[] = ['none', 'drop', 'duplicate', 'delay', 'reorder'];
const BODY_LIMIT = 64 * 1024;

type Json = Record<string, unknown>;

interface Context {
  book: TradeBook;
  transfers: TransferBook;
  notifier: Notifier;
  baseUrl: () => string;
  now: () => Date;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) reject(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseObject(text: string): Json | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}

/** An API answer, signed with the WeChat Pay key like every v3 answer. */
function sendApi(ctx: Context, res: ServerResponse, answer: ApiAnswer): void {
  const text = answer.json === undefined ? '' : JSON.stringify(answer.json);
  const { keys } = ctx.book;
  res.writeHead(answer.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Request-ID': randomUUID(),
    ...wechatpaySignatureHeaders(keys.platformPrivateKey, keys.platformPublicKeyId, text, ctx.now()),
  });
  res.end(text);
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': CASHIER_CSP, 'Cache-Control': 'no-store' });
  res.end(html);
}

function sendJson(res: ServerResponse, status: number, json: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Access-Control-Allow-Origin': '*' });
  res.end(JSON.stringify(json));
}

const BILLS = '/v3/fund-app/mch-transfer/transfer-bills';

/** The merchant transfer bills: create, query and cancel by out_bill_no. */
function routeTransfers(ctx: Context, req: IncomingMessage, path: string, json: Json): ApiAnswer | 'hang' | undefined {
  const serial = req.headers['wechatpay-serial'];
  if (path === BILLS && req.method === 'POST') return ctx.transfers.create(json, typeof serial === 'string' ? serial : undefined);
  const bill = /^\/v3\/fund-app\/mch-transfer\/transfer-bills\/out-bill-no\/([^/]+)(\/cancel)?$/.exec(path);
  if (bill && req.method === 'GET' && !bill[2]) return ctx.transfers.query(decodeURIComponent(bill[1]));
  if (bill && req.method === 'POST' && bill[2]) return ctx.transfers.cancel(decodeURIComponent(bill[1]));
  return undefined;
}

/** The /v3/ API: signature first, then the route ('hang': the answer is swallowed, see the 'timeout' fault). */
function routeApi(ctx: Context, req: IncomingMessage, url: URL, body: string): ApiAnswer | 'hang' {
  const pathWithQuery = req.url ?? '/';
  const refused = authorizationProblem(ctx.book, req.method ?? '', pathWithQuery, body, req.headers.authorization, ctx.now());
  if (refused) return refused;
  const json = body === '' ? {} : parseObject(body);
  if (!json) return error(400, 'PARAM_ERROR', '请求体不是合法的 JSON');
  const path = url.pathname;
  if (path.startsWith(`${BILLS}`)) return routeTransfers(ctx, req, path, json) ?? error(404, 'NOT_FOUND', '请求的接口不存在');
  const create = /^\/v3\/pay\/transactions\/(native|h5|jsapi|app)$/.exec(path);
  if (create && req.method === 'POST') return createOrder(ctx.book, create[1] as Channel, json, ctx.baseUrl());
  const trade = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
  if (trade && req.method === 'GET' && !trade[2]) return queryOrder(ctx.book, decodeURIComponent(trade[1]), url.searchParams.get('mchid'));
  if (trade && req.method === 'POST' && trade[2]) return closeOrder(ctx.book, decodeURIComponent(trade[1]), json);
  if (path === '/v3/refund/domestic/refunds' && req.method === 'POST') return refundOrder(ctx.book, json);
  return error(404, 'NOT_FOUND', '请求的接口不存在');
}

/** Why the cashier refuses a trade, or null when it can be paid. */
function cashierRefusal(ctx: Context, trade: SimTrade | undefined): { status: number; title: string; text: string } | null {
  if (!trade) return { status: 404, title: '二维码已失效', text: '没有找到这笔订单' };
  const state = ctx.book.state(trade);
  if (state === 'CLOSED') return { status: 410, title: '订单已关闭', text: '该订单已关闭或已过期，无法支付' };
  if (state !== 'NOTPAY') return { status: 200, title: '订单已支付', text: '该订单已支付，请勿重复支付' };
  return null;
}

function safeRedirect(value: string | null | undefined): string | null {
  return value && /^https?:\/\/\S+$/.test(value) ? value : null;
}

/** GET/POST /pay/<token> (native: the code_url) and /h5/<token> (the h5_url, then back to redirect_url). */
function routeCashier(ctx: Context, req: IncomingMessage, res: ServerResponse, url: URL, body: string): void {
  const [, kind, token] = /^\/(pay|h5)\/([^/]+)$/.exec(url.pathname) ?? [];
  const trade = ctx.book.byToken.get(token ?? '');
  const form = new URLSearchParams(body);
  const refusal = cashierRefusal(ctx, trade);
  if (refusal || !trade) return sendHtml(res, refusal?.status ?? 404, statePage(refusal?.title ?? '', refusal?.text ?? ''));
  const h5 = kind === 'h5';
  const prepayId = h5 ? (req.method === 'POST' ? form.get('prepay_id') : url.searchParams.get('prepay_id')) : trade.prepayId;
  if (h5 !== (trade.channel === 'h5') || prepayId !== trade.prepayId) return sendHtml(res, 400, statePage('参数错误', '支付链接无效'));
  const redirect = safeRedirect(h5 ? (req.method === 'POST' ? form.get('redirect_url') : url.searchParams.get('redirect_url')) : null);
  if (req.method === 'GET') {
    const hidden: Record<string, string> = h5 ? { prepay_id: trade.prepayId, ...(redirect ? { redirect_url: redirect } : {}) } : {};
    return sendHtml(res, 200, cashierPage({ action: url.pathname, merchant: `商户 ${ctx.book.keys.mchId}`, description: trade.description, totalFen: trade.totalFen, hidden }));
  }
  const confirm = form.get('action') === 'confirm';
  if (confirm) ctx.book.pay(trade.outTradeNo);
  if (redirect) {
    res.writeHead(302, { Location: redirect });
    return void res.end();
  }
  sendHtml(res, 200, confirm ? statePage('支付成功', `已支付 ¥${yuan(trade.totalFen)}`) : statePage('已取消支付', '可返回重新扫码支付'));
}

/** POST /_sim/jsapi-pay: what the WeChat client does with getBrandWCPayRequest's parameters. */
function jsapiPay(ctx: Context, res: ServerResponse, body: string): void {
  const fail = (status: number, message: string) => sendJson(res, status, { err_msg: 'get_brand_wcpay_request:fail', message });
  const params = parseObject(body);
  if (!params) return fail(400, '参数不是 JSON');
  if (params.appId !== ctx.book.keys.appId) return fail(400, 'appId 不匹配');
  if (params.signType !== 'RSA' || !verifyJsapiPaySign(params, ctx.book.keys.merchantPublicKey)) return fail(400, '支付验证签名失败');
  const prepayId = typeof params.package === 'string' ? params.package.replace(/^prepay_id=/, '') : '';
  const trade = ctx.book.byPrepay.get(prepayId);
  if (!trade || trade.channel !== 'jsapi') return fail(404, 'prepay_id 无效');
  try {
    ctx.book.pay(trade.outTradeNo);
  } catch (e) {
    return fail(409, (e as Error).message);
  }
  sendJson(res, 200, { err_msg: 'get_brand_wcpay_request:ok' });
}

/** Answers nothing; a client still waiting after a minute gets 504 (a gateway timeout, as a proxy would say). */
function hang(res: ServerResponse): void {
  const timer = setTimeout(() => {
    if (!res.destroyed) sendJson(res, 504, { code: 'SYSTEM_ERROR', message: '网关超时' });
  }, 60_000);
  timer.unref();
  res.on('close', () => clearTimeout(timer));
}

/** GET /transfer/<package_info>: the payee's 确认收款 page; POST confirms. */
function routeTransferPage(ctx: Context, req: IncomingMessage, res: ServerResponse, url: URL): void {
  const token = decodeURIComponent(url.pathname.slice('/transfer/'.length));
  const bill = ctx.transfers.byPackage.get(token);
  const current = bill && ctx.transfers.bill(bill.outBillNo);
  if (!current) return sendHtml(res, 404, statePage('链接已失效', '没有找到这笔转账'));
  if (req.method === 'POST') {
    const problem = ctx.transfers.confirm(current.outBillNo);
    if (problem) return sendHtml(res, 409, statePage('无法收款', problem));
    return sendHtml(res, 200, statePage('收款成功', `已收款 ¥${yuan(current.amountFen)}，已存入微信零钱`));
  }
  if (current.state === 'SUCCESS') return sendHtml(res, 200, statePage('已收款', `已收款 ¥${yuan(current.amountFen)}`));
  if (current.state !== 'WAIT_USER_CONFIRM') return sendHtml(res, 410, statePage('转账已关闭', '该笔转账已撤销或已关闭'));
  sendHtml(res, 200, transferPage({ action: url.pathname, merchant: `商户 ${ctx.book.keys.mchId}`, remark: current.remark, amountFen: current.amountFen }));
}

/** The payout controls: faults, the payee's confirmation, the page's address, the books; false: not one of them. */
function routeTransferControl(ctx: Context, req: IncomingMessage, res: ServerResponse, url: URL, body: string): boolean {
  const confirm = /^\/_sim\/transfer-confirm\/([^/]+)$/.exec(url.pathname);
  const page = /^\/_sim\/transfer-page\/([^/]+)$/.exec(url.pathname);
  if (confirm && req.method === 'POST') {
    const no = decodeURIComponent(confirm[1]);
    const problem = ctx.transfers.confirm(no);
    sendJson(res, problem ? (ctx.transfers.bills.has(no) ? 409 : 404) : 200, problem ? { ok: false, message: problem } : { ok: true });
  } else if (page && req.method === 'GET') {
    const bill = ctx.transfers.bill(decodeURIComponent(page[1]));
    if (!bill) sendJson(res, 404, { ok: false, message: '没有这笔转账' });
    else res.writeHead(302, { Location: `/transfer/${encodeURIComponent(bill.packageInfo)}` }).end();
  } else if (url.pathname === '/_sim/payout-fault' && req.method === 'POST') {
    const json = parseObject(body);
    const no = json?.out_bill_no ?? json?.out_biz_no;
    const fault = json?.fault as WxpayPayoutFault;
    if (typeof no !== 'string' || !WX_PAYOUT_FAULTS.includes(fault)) {
      sendJson(res, 400, { ok: false, message: '需要 out_bill_no（或 *）与 fault（none、fail、timeout）' });
    } else {
      ctx.transfers.setFault(no, fault);
      sendJson(res, 200, { ok: true });
    }
  } else if (url.pathname === '/_sim/payouts' && req.method === 'GET') {
    sendJson(res, 200, ctx.transfers.snapshot());
  } else {
    return false;
  }
  return true;
}

/** The test and browser-test controls: pay, faults, totals, the JSAPI bridge's stand-in. */
function routeControl(ctx: Context, req: IncomingMessage, res: ServerResponse, url: URL, body: string): void {
  const pay = /^\/_sim\/pay\/([^/]+)$/.exec(url.pathname);
  if (pay && req.method === 'POST') {
    try {
      ctx.book.pay(decodeURIComponent(pay[1]));
      return sendJson(res, 200, { ok: true });
    } catch (e) {
      return sendJson(res, ctx.book.trades.has(decodeURIComponent(pay[1])) ? 409 : 404, { ok: false, message: (e as Error).message });
    }
  }
  if (url.pathname === '/_sim/fault' && req.method === 'POST') {
    const json = parseObject(body);
    const fault = json?.fault as NotificationFault;
    if (!json || typeof json.out_trade_no !== 'string' || !FAULTS.includes(fault)) {
      return sendJson(res, 400, { ok: false, message: '需要 out_trade_no 与 fault（none、drop、duplicate、delay、reorder）' });
    }
    ctx.notifier.setFault(json.out_trade_no, fault);
    return sendJson(res, 200, { ok: true });
  }
  if (url.pathname === '/_sim/totals' && req.method === 'GET') {
    return sendJson(res, 200, totalsOf(ctx));
  }
  if (url.pathname === '/_sim/jsapi-pay' && req.method === 'POST') return jsapiPay(ctx, res, body);
  if (routeTransferControl(ctx, req, res, url, body)) return;
  sendJson(res, 404, { ok: false, message: '没有这个接口' });
}

async function handle(ctx: Context, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return sendJson(res, 403, { message: '只接受本机请求' });
  const url = new URL(req.url ?? '/', 'http://simulator.invalid');
  if (req.method === 'OPTIONS' && url.pathname.startsWith('/_sim/')) {
    res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, POST', 'Access-Control-Allow-Headers': 'Content-Type' });
    return void res.end();
  }
  const body = await readBody(req);
  if (url.pathname.startsWith('/v3/')) {
    const answer = routeApi(ctx, req, url, body);
    return answer === 'hang' ? hang(res) : sendApi(ctx, res, answer);
  }
  if (/^\/transfer\/[^/]+$/.test(url.pathname) && (req.method === 'GET' || req.method === 'POST')) return routeTransferPage(ctx, req, res, url);
  if (/^\/(pay|h5)\/[^/]+$/.test(url.pathname) && (req.method === 'GET' || req.method === 'POST')) {
    return routeCashier(ctx, req, res, url, body);
  }
  if (url.pathname.startsWith('/_sim/')) return routeControl(ctx, req, res, url, body);
  sendHtml(res, 404, statePage('页面不存在', '请检查链接'));
}

function totalsOf(ctx: Context) {
  const { book, transfers } = ctx;
  return { receivedFen: book.receivedFen, refundedFen: book.refundedFen, paidTrades: book.paidTrades, paidOutFen: transfers.paidOutFen };
}

function snapshot(book: TradeBook, trade: SimTrade): WxpayTradeSnapshot {
  return {
    outTradeNo: trade.outTradeNo,
    tradeType: trade.channel === 'h5' ? 'MWEB' : trade.channel.toUpperCase(),
    tradeState: book.state(trade),
    totalFen: trade.totalFen,
    description: trade.description,
    prepayId: trade.prepayId,
    ...(trade.transactionId ? { transactionId: trade.transactionId } : {}),
    expireAt: trade.expireAt,
    refunds: [...trade.refunds.values()].map((r) => ({ outRefundNo: r.outRefundNo, refundId: r.refundId, amountFen: r.amountFen, status: r.status })),
  };
}

/** A local WeChat Pay (API v3) server speaking the real wire: signed requests and answers, cashier, notifications. */
export async function startWxpaySimulator(options: WxpaySimulatorOptions): Promise<WxpaySimulator> {
  const host = options.host ?? '127.0.0.1';
  if (!(isLoopbackAddress(host) || host === 'localhost')) throw new Error('微信支付模拟器只能监听本机地址（127.0.0.1、::1 或 localhost）');
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  const notifier = new Notifier(options.timeScale ?? 1, log);
  const book = new TradeBook(options.keys, notifier, now, log);
  let baseUrl = '';
  const transfers = new TransferBook(options.keys, book, notifier, now);
  const ctx: Context = { book, transfers, notifier, baseUrl: () => baseUrl, now };
  const server = createServer((req, res) => {
    handle(ctx, req, res).catch((e: unknown) => {
      log(`wxpay-sim: ${(e as Error).message}`);
      if (!res.headersSent) sendJson(res, 400, { code: 'PARAM_ERROR', message: '请求无法处理' });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: baseUrl,
    close: async () => {
      notifier.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    pay: async (outTradeNo) => book.pay(outTradeNo),
    setFault: (outTradeNo, fault) => notifier.setFault(outTradeNo, fault),
    totals: () => totalsOf(ctx),
    payoutFault: (outBillNo, fault) => transfers.setFault(outBillNo, fault),
    confirmTransfer: async (outBillNo) => {
      const problem = transfers.confirm(outBillNo);
      if (problem) throw new Error(problem);
    },
    transferPageUrl: (outBillNo) => {
      const bill = transfers.bill(outBillNo);
      return bill ? `${baseUrl}/transfer/${encodeURIComponent(bill.packageInfo)}` : undefined;
    },
    payouts: () => transfers.snapshot(),
    trade: (outTradeNo) => {
      const trade = book.trades.get(outTradeNo);
      return trade ? snapshot(book, trade) : undefined;
    },
  };
}
