import type { NotificationFault } from '../types';

/** WeChat Pay's retry schedule after an unacknowledged notification, seconds (15s 15s 30s 3m 10m 20m 30m 30m 30m 60m 3h 3h 3h 6h 6h). */
export const RETRY_SCHEDULE_S = [15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10800, 10800, 10800, 21600, 21600];
/** How long an answer may take before the attempt counts as failed. */
const ANSWER_TIMEOUT_MS = 5_000;
/** 'delay' holds the first attempt this long; 'reorder' collects notifications this long, then sends newest first. */
const DELAY_S = 60;
const REORDER_HOLD_S = 30;

export interface OutgoingNotification {
  /** The fault key: the trade's out_trade_no. */
  outTradeNo: string;
  url: string;
  body: string;
  /** Fresh Wechatpay-* headers for each attempt (the timestamp must stay inside the receiver's window). */
  headers: () => Record<string, string>;
}

/**
 * Sends the simulator's notifications like WeChat Pay does: until a 200/204 answer, retrying on the schedule
 * (times timeScale), and applies the faults tests ask for. Every timer and request is tracked so close() leaves
 * no open handle.
 */
export class Notifier {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly requests = new Set<AbortController>();
  private readonly faults = new Map<string, NotificationFault>();
  private readonly held = new Map<string, OutgoingNotification[]>();
  private closed = false;

  constructor(
    private readonly timeScale: number,
    private readonly log: (line: string) => void,
  ) {}

  setFault(outTradeNo: string, fault: NotificationFault): void {
    if (fault === 'none') this.faults.delete(outTradeNo);
    else this.faults.set(outTradeNo, fault);
  }

  private faultOf(outTradeNo: string): NotificationFault {
    return this.faults.get(outTradeNo) ?? this.faults.get('*') ?? 'none';
  }

  send(notification: OutgoingNotification): void {
    if (this.closed) return;
    const fault = this.faultOf(notification.outTradeNo);
    if (fault === 'drop') {
      this.log(`wxpay-sim: notification of ${notification.outTradeNo} dropped (fault)`);
      return;
    }
    if (fault === 'delay') return this.later(DELAY_S, () => void this.attempt(notification, 0, false));
    if (fault === 'reorder') return this.hold(notification);
    void this.attempt(notification, 0, fault === 'duplicate');
  }

  /** Collects a trade's notifications (the key of the fault: the trade or '*'), then sends them newest first. */
  private hold(notification: OutgoingNotification): void {
    const key = this.faults.has(notification.outTradeNo) ? notification.outTradeNo : '*';
    const list = this.held.get(key);
    if (list) {
      list.push(notification);
      return;
    }
    this.held.set(key, [notification]);
    this.later(REORDER_HOLD_S, () => {
      const all = this.held.get(key) ?? [];
      this.held.delete(key);
      // one after the other, so the receiver sees them in exactly this order
      void all.reverse().reduce((previous, n) => previous.then(() => this.attempt(n, 0, false)), Promise.resolve());
    });
  }

  /** Runs `run` after `seconds` × timeScale, unless closed first. */
  later(seconds: number, run: () => void): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) run();
    }, seconds * 1000 * this.timeScale);
    this.timers.add(timer);
  }

  /** One attempt (two concurrent sends under 'duplicate'); schedules the next when none was acknowledged. */
  private async attempt(notification: OutgoingNotification, index: number, twice: boolean): Promise<void> {
    const answers = await Promise.all(twice ? [this.post(notification), this.post(notification)] : [this.post(notification)]);
    if (this.closed || answers.some(Boolean)) return;
    const wait = RETRY_SCHEDULE_S[index];
    if (wait === undefined) {
      this.log(`wxpay-sim: notification of ${notification.outTradeNo} given up after ${index + 1} attempts`);
      return;
    }
    this.later(wait, () => void this.attempt(notification, index + 1, this.faultOf(notification.outTradeNo) === 'duplicate'));
  }

  /** One POST; true when acknowledged (200 or 204). */
  private async post(notification: OutgoingNotification): Promise<boolean> {
    const controller = new AbortController();
    this.requests.add(controller);
    const timer = setTimeout(() => controller.abort(), ANSWER_TIMEOUT_MS);
    try {
      const response = await fetch(notification.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'Mozilla/4.0', ...notification.headers() },
        body: notification.body,
        signal: controller.signal,
      });
      await response.arrayBuffer();
      const ok = response.status === 200 || response.status === 204;
      if (!ok) this.log(`wxpay-sim: notification of ${notification.outTradeNo} answered ${response.status}`);
      return ok;
    } catch (error) {
      if (!this.closed) this.log(`wxpay-sim: notification of ${notification.outTradeNo} failed: ${(error as Error).message}`);
      return false;
    } finally {
      clearTimeout(timer);
      this.requests.delete(controller);
    }
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.requests) controller.abort();
    this.requests.clear();
    this.held.clear();
  }
}
