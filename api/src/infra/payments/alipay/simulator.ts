import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NotificationFault, PaySimulatorKeys } from '../types';
import { fenToYuan } from './adapter';
import { cashierPage, messagePage } from './cashier';
import { alipayTime, privateKeyOf, publicKeyOf, signNotificationFields } from './sign';
import { apiAnswer, type SimBooks } from './sim-gateway';
import { SimNotifier } from './sim-notify';
import { AlipayPayoutBook, payoutControl, type AlipayPayoutFault, type AlipaySimPayout } from './sim-payouts';
import {
  checkRequest,
  invalid,
  isTrade,
  notificationFields,
  openTrade,
  refresh,
  signedAnswerText,
  type AlipaySimTrade,
  type Answer,
  type SimContext,
} from './sim-trades';

export type { AlipaySimTrade } from './sim-trades';
export type { AlipayPayoutFault, AlipaySimPayout } from './sim-payouts';

export interface AlipaySimulatorOptions {
  keys: PaySimulatorKeys['alipay'];
  /** A loopback address only (default 127.0.0.1). */
  host?: string;
  /** 0: any free port. */
  port?: number;
  /** 1: Alipay's real retry schedule; tests use e.g. 0.001. */
  timeScale?: number;
  now?: () => Date;
  log?: (line: string) => void;
}

export interface AlipaySimulator {
  /** Base URL, e.g. http://127.0.0.1:PORT. */
  url: string;
  /** url + '/gateway.do': AlipayCredentials.gateway. */
  gateway: string;
  close(): Promise<void>;
  /** What the cashier's 确认付款 button does; rejects (Chinese message) for an unknown, paid, closed or expired trade. */
  pay(outTradeNo: string): Promise<void>;
  setFault(outTradeNo: string | '*', fault: NotificationFault): void;
  /** Payments received and refunded, and paidOutFen: what transfers (payouts) have paid out. */
  totals(): { receivedFen: number; refundedFen: number; paidTrades: number; paidOutFen: number };
  trade(outTradeNo: string): Readonly<AlipaySimTrade> | undefined;
  /** What the next transfer of the number (or of every number: '*') meets; see AlipayPayoutFault. */
  payoutFault(outBizNo: string | '*', fault: AlipayPayoutFault): void;
  /** Ends a DEALING transfer (fault 'dealing'); rejects (Chinese message) when there is none. */
  finishPayout(outBizNo: string, result: 'success' | 'fail'): Promise<void>;
  /** The payee book: the account's name (a transfer under another name fails), or null: no such account. */
  setPayee(logonId: string, realName: string | null): void;
  payouts(): { items: AlipaySimPayout[]; paidOutFen: number };
}

const PAGE_METHODS = new Set(['alipay.trade.page.pay', 'alipay.trade.wap.pay']);
const FAULTS = new Set<NotificationFault>(['none', 'drop', 'duplicate', 'delay', 'reorder']);
const MAX_BODY = 64 * 1024;

export function isLoopbackHost(host: string): boolean {
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || host === '::1' || host === 'localhost';
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) reject(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store', ...headers });
  res.end(body);
}

const html = (res: ServerResponse, body: string, status = 200) => send(res, status, 'text/html', body);
const json = (res: ServerResponse, status: number, body: unknown) => send(res, status, 'application/json', JSON.stringify(body));

/** The simulator's behaviour, apart from its HTTP plumbing. */
class AlipaySim {
  readonly books: SimBooks = { trades: new Map(), tokens: new Map(), totals: { receivedFen: 0, refundedFen: 0, paidTrades: 0 } };
  readonly payouts: AlipayPayoutBook;
  /** Answers held back by the 'timeout' fault, ended at close. */
  readonly hung = new Set<ServerResponse>();

  constructor(readonly ctx: SimContext) {
    this.payouts = new AlipayPayoutBook(ctx.now);
  }

  totals() {
    return { ...this.books.totals, paidOutFen: this.payouts.paidOutFen };
  }

  /** Answers nothing; a client still waiting after a minute gets 504 (a gateway timeout, as a proxy would say). */
  hang(res: ServerResponse): void {
    this.hung.add(res);
    const timer = setTimeout(() => {
      this.hung.delete(res);
      if (!res.destroyed) send(res, 504, 'text/plain', 'Gateway Timeout');
    }, 60_000);
    timer.unref();
    res.on('close', () => {
      clearTimeout(timer);
      this.hung.delete(res);
    });
  }

  /** A gateway request (query string and form body merged), answered JSON or, for page/wap pay, the cashier. */
  gateway(res: ServerResponse, params: Record<string, string>): void {
    const method = params.method ?? '';
    const member = `${method.replace(/\./g, '_')}_response`;
    const answer = (a: Answer) =>
      send(res, 200, 'application/json', signedAnswerText(/^alipay\.[a-z.]+$/.test(method) ? member : 'error_response', a, this.ctx.alipayPrivateKey));
    const refused = checkRequest(params, this.ctx);
    let biz: Record<string, unknown> = {};
    try {
      biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>;
    } catch {
      return PAGE_METHODS.has(method) ? html(res, messagePage('支付错误', '参数有误 biz_content')) : answer(invalid('isv.invalid-parameter', '参数有误biz_content'));
    }
    if (PAGE_METHODS.has(method)) {
      if (refused) return html(res, messagePage('支付错误', `${refused.sub_code}：${refused.sub_msg}`));
      return this.openCashier(res, method, biz, params);
    }
    if (refused) return answer(refused);
    const payout = this.payouts.answer(method, biz);
    if (payout === 'hang') return this.hang(res);
    const result = payout ?? apiAnswer(this.books, method, biz, params, this.ctx);
    answer(result ?? invalid('isv.invalid-method', '不存在的方法名'));
  }

  private openCashier(res: ServerResponse, method: string, biz: Record<string, unknown>, p: Record<string, string>): void {
    const trade = openTrade(this.books.trades, { method, biz, notifyUrl: p.notify_url, returnUrl: p.return_url }, this.ctx);
    if (!isTrade(trade)) return html(res, messagePage('支付错误', `${trade.sub_code}：${trade.sub_msg}`));
    this.books.tokens.set(trade.token, trade.outTradeNo);
    this.showCashier(res, trade);
  }

  showCashier(res: ServerResponse, trade: AlipaySimTrade): void {
    trade.scanned = true;
    refresh(trade, this.ctx.now());
    if (trade.status === 'TRADE_SUCCESS') return html(res, messagePage('支付成功', '该订单已支付', trade.returnUrl));
    if (trade.status === 'TRADE_CLOSED') return html(res, messagePage('交易已关闭', '订单已关闭或已超时，无法付款', trade.returnUrl));
    html(res, cashierPage({ token: trade.token, amountYuan: fenToYuan(trade.amountFen), subject: trade.subject, outTradeNo: trade.outTradeNo }));
  }

  byToken(token: string): AlipaySimTrade | undefined {
    const outTradeNo = this.books.tokens.get(token);
    return outTradeNo ? this.books.trades.get(outTradeNo) : undefined;
  }

  /** The confirm button: pays, notifies, and answers the error's Chinese text when the trade cannot be paid. */
  pay(trade: AlipaySimTrade | undefined): string | undefined {
    if (!trade) return '交易不存在';
    trade.scanned = true;
    refresh(trade, this.ctx.now());
    if (trade.status === 'TRADE_SUCCESS') return '该订单已支付';
    if (trade.status === 'TRADE_CLOSED') return '交易已关闭或已超时，无法付款';
    trade.status = 'TRADE_SUCCESS';
    trade.paidAt = this.ctx.now();
    this.books.totals.receivedFen += trade.amountFen;
    this.books.totals.paidTrades += 1;
    if (trade.notifyUrl) this.ctx.notifier.send(trade.notifyUrl, trade.outTradeNo, notificationFields(trade, this.ctx));
    return undefined;
  }

  /** The signed parameters of the browser's way back to return_url (Alipay's synchronous return). */
  returnUrl(trade: AlipaySimTrade): string | undefined {
    if (!trade.returnUrl) return undefined;
    const params = signNotificationFields(
      {
        charset: 'utf-8',
        out_trade_no: trade.outTradeNo,
        method: `${trade.method}.return`,
        total_amount: fenToYuan(trade.amountFen),
        trade_no: trade.tradeNo,
        auth_app_id: this.ctx.appId,
        version: '1.0',
        app_id: this.ctx.appId,
        sign_type: 'RSA2',
        seller_id: this.ctx.sellerId,
        timestamp: alipayTime(this.ctx.now()),
      },
      this.ctx.alipayPrivateKey,
    );
    const url = new URL(trade.returnUrl);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  }
}

async function cashierAction(sim: AlipaySim, res: ServerResponse, token: string, action: string): Promise<void> {
  const trade = sim.byToken(token);
  if (!trade) return html(res, messagePage('交易不存在', '付款码无效或已失效'), 404);
  if (action === 'cancel') return html(res, messagePage('已取消付款', '您已取消本次付款', trade.returnUrl));
  const error = sim.pay(trade);
  if (error) return html(res, messagePage('无法付款', error, trade.returnUrl), 409);
  const back = sim.returnUrl(trade);
  if (back) {
    res.writeHead(302, { location: back, 'cache-control': 'no-store' });
    res.end();
    return;
  }
  html(res, messagePage('支付成功', `已付款 ¥${fenToYuan(trade.amountFen)}`));
}

async function controlRoute(sim: AlipaySim, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  if (!isLoopbackHost(req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '')) return json(res, 403, { error: '仅限本机访问' });
  if (req.method === 'GET' && path === '/_sim/totals') return json(res, 200, sim.totals());
  if (path === '/_sim/payouts' || path.startsWith('/_sim/payout-')) {
    const payout = payoutControl(sim.payouts, req.method ?? '', path, req.method === 'POST' ? await readBody(req) : '');
    if (payout) return json(res, payout.status, payout.json);
  }
  const payMatch = /^\/_sim\/pay\/([0-9A-Za-z_-]{1,64})$/.exec(path);
  if (req.method === 'POST' && payMatch) {
    const error = sim.pay(sim.books.trades.get(payMatch[1]));
    return error ? json(res, 409, { error }) : json(res, 200, { ok: true });
  }
  if (req.method === 'POST' && path === '/_sim/fault') {
    let body: { out_trade_no?: unknown; fault?: unknown };
    try {
      body = JSON.parse(await readBody(req)) as typeof body;
    } catch {
      return json(res, 400, { error: '请求体不是 JSON' });
    }
    if (typeof body.out_trade_no !== 'string' || !FAULTS.has(body.fault as NotificationFault)) {
      return json(res, 400, { error: '需要 out_trade_no 和 fault（none/drop/duplicate/delay/reorder）' });
    }
    sim.ctx.notifier.setFault(body.out_trade_no, body.fault as NotificationFault);
    return json(res, 200, { ok: true });
  }
  json(res, 404, { error: '没有这个控制接口' });
}

async function route(sim: AlipaySim, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://simulator');
  const path = url.pathname;
  if (path === '/gateway.do' && (req.method === 'GET' || req.method === 'POST')) {
    const params = Object.fromEntries(url.searchParams);
    if (req.method === 'POST') Object.assign(params, Object.fromEntries(new URLSearchParams(await readBody(req))));
    return sim.gateway(res, params);
  }
  const qr = /^\/qr\/([0-9a-f]{1,64})$/.exec(path);
  if (req.method === 'GET' && qr) {
    const trade = sim.byToken(qr[1]);
    return trade ? sim.showCashier(res, trade) : html(res, messagePage('交易不存在', '付款码无效或已失效'), 404);
  }
  const action = /^\/cashier\/([0-9a-f]{1,64})\/(pay|cancel)$/.exec(path);
  if (req.method === 'POST' && action) return cashierAction(sim, res, action[1], action[2]);
  if (path.startsWith('/_sim/')) return controlRoute(sim, req, res, path);
  html(res, messagePage('页面不存在', path), 404);
}

/** A local Alipay (OpenAPI gateway, cashier pages, asynchronous notifications) on a loopback port. */
export async function startAlipaySimulator(opts: AlipaySimulatorOptions): Promise<AlipaySimulator> {
  const host = opts.host ?? '127.0.0.1';
  if (!isLoopbackHost(host)) throw new Error(`支付宝模拟器只能监听本机地址（127.x、::1、localhost），不能监听 ${host}`);
  const now = opts.now ?? (() => new Date());
  const log = opts.log ?? (() => undefined);
  const alipayPrivateKey = privateKeyOf(opts.keys.alipayPrivateKey);
  const notifier = new SimNotifier(alipayPrivateKey, opts.timeScale ?? 1, now, log);
  let base = '';
  const sim = new AlipaySim({
    appId: opts.keys.appId,
    sellerId: opts.keys.sellerId,
    appPublicKey: publicKeyOf(opts.keys.appPublicKey),
    alipayPrivateKey,
    now,
    notifier,
    url: () => base,
  });
  const server = createServer((req, res) => {
    route(sim, req, res).catch((error: unknown) => {
      log(`error ${req.method} ${req.url}: ${String(error)}`);
      if (!res.headersSent) html(res, messagePage('出错了', '模拟器处理请求失败'), 400);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  base = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return simulatorHandle(sim, server, base, notifier);
}

function simulatorHandle(sim: AlipaySim, server: ReturnType<typeof createServer>, url: string, notifier: SimNotifier): AlipaySimulator {
  return {
    url,
    gateway: `${url}/gateway.do`,
    async close() {
      notifier.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async pay(outTradeNo) {
      const error = sim.pay(sim.books.trades.get(outTradeNo));
      if (error) throw new Error(error);
    },
    setFault: (outTradeNo, fault) => notifier.setFault(outTradeNo, fault),
    totals: () => sim.totals(),
    payoutFault: (outBizNo, fault) => sim.payouts.setFault(outBizNo, fault),
    async finishPayout(outBizNo, result) {
      const error = sim.payouts.finish(outBizNo, result);
      if (error) throw new Error(error);
    },
    setPayee: (logonId, realName) => void sim.payouts.payees.set(logonId, realName),
    payouts: () => sim.payouts.snapshot(),
    trade(outTradeNo) {
      const trade = sim.books.trades.get(outTradeNo);
      return trade ? structuredClone(refresh(trade, sim.ctx.now())) : undefined;
    },
  };
}
