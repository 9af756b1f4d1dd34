import type { KeyObject } from 'node:crypto';
import type { NotificationFault } from '../types';
import { alipayTime, signNotificationFields } from './sign';

/** Alipay's retry schedule after an answer other than `success`: 4m, 10m, 10m, 1h, 2h, 6h, 15h (8 sends in all). */
export const RETRY_MINUTES = [4, 10, 10, 60, 120, 360, 900] as const;
/** How long Alipay waits for the merchant's answer. */
const ANSWER_TIMEOUT_MS = 5_000;
/** The extra wait of the 'delay' fault (times timeScale). */
const DELAY_MS = 3_000;

interface Notice {
  url: string;
  outTradeNo: string;
  /** Unsigned fields; notify_time and sign are set at each send. */
  fields: Record<string, string>;
  copies: number;
}

function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host.startsWith('127.') || host === '[::1]' || host === 'localhost';
  } catch {
    return false;
  }
}

/**
 * Sends the simulator's asynchronous notifications the way Alipay does (form POST, the same notify_id on every
 * retry, retries until an answer of exactly `success`), with the test faults applied. Only loopback notify_urls
 * are reached. close() clears every timer and aborts what is in flight.
 */
export class SimNotifier {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly abort = new AbortController();
  private readonly faults = new Map<string, NotificationFault>();
  private held: Array<{ outTradeNo: string; start: () => void }> = [];

  constructor(
    private readonly privateKey: KeyObject,
    private readonly timeScale: number,
    private readonly now: () => Date,
    private readonly log: (line: string) => void,
  ) {}

  setFault(outTradeNo: string, fault: NotificationFault): void {
    if (fault === 'none') this.faults.delete(outTradeNo);
    else this.faults.set(outTradeNo, fault);
  }

  private faultOf(outTradeNo: string): NotificationFault {
    return this.faults.get(outTradeNo) ?? this.faults.get('*') ?? 'none';
  }

  send(url: string, outTradeNo: string, fields: Record<string, string>): void {
    if (this.abort.signal.aborted) return;
    if (!isLoopbackUrl(url)) {
      this.log(`notify ${outTradeNo}: ${url} is not a loopback address, not sent`);
      return;
    }
    const fault = this.faultOf(outTradeNo);
    const notice: Notice = { url, outTradeNo, fields, copies: fault === 'duplicate' ? 2 : 1 };
    const start = () => void this.attempt(notice, 0);
    if (fault === 'drop') {
      this.log(`notify ${outTradeNo} ${fields.notify_id}: dropped (fault)`);
      return;
    }
    if (fault === 'reorder') {
      // held until another trade's notification went out; sent anyway after the first retry interval
      const entry = { outTradeNo, start };
      this.held.push(entry);
      this.later(RETRY_MINUTES[0] * 60_000 * this.timeScale, () => this.release((e) => e === entry));
      return;
    }
    if (fault === 'delay') this.later(DELAY_MS * this.timeScale, start);
    else start();
    this.release((e) => e.outTradeNo !== outTradeNo);
  }

  private release(which: (entry: { outTradeNo: string }) => boolean): void {
    const due = this.held.filter(which);
    this.held = this.held.filter((e) => !which(e));
    // after the current send has started: the held ones arrive later
    for (const e of due) this.later(1, e.start);
  }

  private later(ms: number, fn: () => void): void {
    if (this.abort.signal.aborted) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, Math.max(0, Math.round(ms)));
    this.timers.add(timer);
  }

  private async attempt(notice: Notice, index: number): Promise<void> {
    const body = new URLSearchParams(
      signNotificationFields({ ...notice.fields, notify_time: alipayTime(this.now()) }, this.privateKey),
    ).toString();
    const answers = await Promise.all(Array.from({ length: notice.copies }, () => this.post(notice.url, body)));
    const ok = answers.includes(true);
    this.log(`notify ${notice.outTradeNo} ${notice.fields.notify_id} #${index + 1}: ${ok ? 'success' : 'not acknowledged'}`);
    if (ok || this.abort.signal.aborted) return;
    if (index < RETRY_MINUTES.length) {
      this.later(RETRY_MINUTES[index] * 60_000 * this.timeScale, () => void this.attempt(notice, index + 1));
    } else {
      this.log(`notify ${notice.outTradeNo} ${notice.fields.notify_id}: retries exhausted`);
    }
  }

  private async post(url: string, body: string): Promise<boolean> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body,
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(ANSWER_TIMEOUT_MS)]),
      });
      return (await response.text()) === 'success';
    } catch {
      return false;
    }
  }

  close(): void {
    this.abort.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.held = [];
  }
}
