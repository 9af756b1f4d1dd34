// Helpers of the auth journeys (e2e/tests/auth-*.spec.ts): fresh phone numbers, SMS codes read from the API's dev
// outbox, and the security check solved through its real UI with the answer of the dev-only route
// GET /api/dev/captcha-answer/ (api/src/modules/ops/routes/dev-captcha-answers.ts; it exists only where the dev
// outbox does), both with the run's dev routes token (support/dev-routes.ts).
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { devRoutesHeaders } from './dev-routes';

export type CaptchaType = 'slide' | 'click' | 'drag' | 'rotate';
export const CAPTCHA_TYPES: readonly CaptchaType[] = ['slide', 'click', 'drag', 'rotate'];

/** Screenshots are for looking at, not for the repository. */
export const SCREENSHOT_DIR = process.env.AUTH_SCREENSHOT_DIR ?? path.join(os.tmpdir(), 'mf-auth-screenshots');

export function screenshotPath(name: string): string {
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}

let sequence = 0;

/** A mainland mobile number not used before in this run (11 digits, 13x...). */
export function freshPhone(): string {
  sequence += 1;
  const tail = String((Date.now() * 7 + sequence * 7919) % 1_000_000_000).padStart(9, '0');
  return `13${tail}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The newest SMS code the dev outbox holds for `mobile`, sent after `since` (polls for a few seconds). */
export async function smsCode(request: APIRequestContext, origin: string, mobile: string, since: Date): Promise<string> {
  for (let i = 0; i < 40; i += 1) {
    const response = await request.get(`${origin}/api/dev/outbox/?mobile=${mobile}`, { headers: devRoutesHeaders() });
    expect(response.status(), '开发发件箱不可用：API 需以开发或测试模式运行').toBe(200);
    const { results } = (await response.json()) as { results: { code: string | null; create_time: string }[] };
    const fresh = results.find((m) => m.code && new Date(m.create_time) >= new Date(since.getTime() - 1000));
    if (fresh?.code) return fresh.code;
    await sleep(250);
  }
  throw new Error(`发件箱中没有发给 ${mobile} 的验证码`);
}

/**
 * Uses up the per-address SMS allowance of the API at `origin` (codes to throw-away numbers), so that the next
 * send answers 429. When the window is about to turn, it waits for the next one and uses that up, so the
 * journey that follows has time to hit the limit.
 */
export async function exhaustSmsLimit(request: APIRequestContext, origin: string): Promise<void> {
  for (let i = 0; i < 16; i += 1) {
    const response = await request.post(`${origin}/api/codes/`, { data: { mobile: freshPhone(), reason: 'LOGIN' } });
    if (response.status() !== 429) continue;
    const retryAfter = Number(response.headers()['retry-after'] ?? '0');
    if (retryAfter >= 20) return;
    await sleep((retryAfter + 1) * 1000);
  }
  throw new Error('短信发送频率限制没有生效');
}

interface ChallengeData {
  width: number;
  height: number;
  tile_x?: number;
  tile_y?: number;
}

export interface Challenge {
  captchaId: string;
  captchaType: CaptchaType;
  data: ChallengeData;
}

/** Records every challenge the page fetches (POST /api/captcha/), so a test knows which one is on screen. */
export class ChallengeLog {
  readonly seen: Challenge[] = [];
  constructor(page: Page) {
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (url.pathname !== '/api/captcha/' || response.request().method() !== 'POST') return;
      const body = (await response.json().catch(() => null)) as (Challenge & { repCode: string }) | null;
      if (body?.repCode === '0000') this.seen.push({ captchaId: body.captchaId, captchaType: body.captchaType, data: body.data });
    });
  }
  latest(type: CaptchaType): Challenge | undefined {
    return [...this.seen].reverse().find((c) => c.captchaType === type);
  }
}

export function captchaDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: '请完成安全验证' });
}

/** Switches the dialog ("换一种验证方式") until `type` is on screen; answers that challenge. */
export async function showVariant(page: Page, log: ChallengeLog, type: CaptchaType): Promise<Challenge> {
  const dialog = captchaDialog(page);
  await expect(dialog).toHaveAttribute('data-captcha-type', /^(slide|click|drag|rotate)$/);
  for (let i = 0; i < 4 && (await dialog.getAttribute('data-captcha-type')) !== type; i += 1) {
    const before = log.seen.length;
    await dialog.getByRole('button', { name: /换一种验证方式/ }).click();
    await expect.poll(() => log.seen.length).toBeGreaterThan(before);
    await expect(dialog).toHaveAttribute('data-captcha-type', /^(slide|click|drag|rotate)$/);
  }
  await expect(dialog).toHaveAttribute('data-captcha-type', type);
  await expect.poll(() => log.latest(type)).toBeTruthy();
  // the pictures are decoded before anyone looks at (or measures) them
  await expect.poll(() => dialog.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete))).toBe(true);
  return log.latest(type)!;
}

interface Answers {
  slide: { x: number };
  click: { points: { x: number; y: number }[] };
  drag: { x: number; y: number };
  rotate: { angle: number };
}

async function answerOf<T extends CaptchaType>(request: APIRequestContext, origin: string, challenge: Challenge): Promise<Answers[T]> {
  const response = await request.get(`${origin}/api/dev/captcha-answer/?id=${challenge.captchaId}`, { headers: devRoutesHeaders() });
  expect(response.status(), '开发用验证码答案接口不可用').toBe(200);
  return ((await response.json()) as { answer: Answers[T] }).answer;
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('元素不可见');
  return box;
}

/** How the person answers: mouse, finger (real touch events through the DevTools protocol) or keyboard. */
export type InputWay = 'mouse' | 'touch' | 'keyboard';

/** Drags from the centre of `from` by (dx, dy) CSS px, in small steps as a hand would. */
async function drag(page: Page, from: Locator, dx: number, dy: number, way: InputWay): Promise<void> {
  const box = await boxOf(from);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (way === 'touch') {
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', px: number, py: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: px, y: py }] });
    await touch('touchStart', x, y);
    for (let i = 1; i <= 12; i += 1) await touch('touchMove', x + (dx * i) / 12, y + (dy * i) / 12);
    await touch('touchEnd', x + dx, y + dy);
    await cdp.detach();
    return;
  }
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 12 });
  await page.mouse.up();
}

/**
 * Solves the challenge on screen the way a person does (mouse, finger or keys), using only where the right
 * answer lies: the dev route tells it, the page's own geometry scales it.
 */
export async function solveShown(
  page: Page,
  request: APIRequestContext,
  origin: string,
  challenge: Challenge,
  way: InputWay = 'mouse',
): Promise<void> {
  const dialog = captchaDialog(page);
  const options = { keyboard: way === 'keyboard' };
  switch (challenge.captchaType) {
    case 'slide': {
      const { x } = await answerOf<'slide'>(request, origin, challenge);
      const handle = dialog.getByRole('slider');
      if (options.keyboard) {
        await handle.focus();
        for (let i = 0; i < Math.floor(x / 10); i += 1) await handle.press('Shift+ArrowRight');
        for (let i = 0; i < x % 10; i += 1) await handle.press('ArrowRight');
        await handle.press('Enter');
        return;
      }
      const frame = await boxOf(dialog.locator('.ma-captcha-frame'));
      await drag(page, handle, (x * frame.width) / 310, 0, way);
      return;
    }
    case 'click': {
      const { points } = await answerOf<'click'>(request, origin, challenge);
      const frame = await boxOf(dialog.locator('.ma-captcha-frame'));
      const sx = frame.width / challenge.data.width;
      const sy = frame.height / challenge.data.height;
      for (const p of points) {
        if (way === 'touch') await page.touchscreen.tap(frame.x + p.x * sx, frame.y + p.y * sy);
        else await page.mouse.click(frame.x + p.x * sx, frame.y + p.y * sy);
      }
      await dialog.getByRole('button', { name: '确认' }).click();
      return;
    }
    case 'drag': {
      const target = await answerOf<'drag'>(request, origin, challenge);
      const tile = dialog.getByRole('button', { name: /拼图块/ });
      if (options.keyboard) {
        await tile.focus();
        const moves: [string, number][] = [
          [target.x >= challenge.data.tile_x! ? 'ArrowRight' : 'ArrowLeft', Math.abs(target.x - challenge.data.tile_x!)],
          [target.y >= challenge.data.tile_y! ? 'ArrowDown' : 'ArrowUp', Math.abs(target.y - challenge.data.tile_y!)],
        ];
        for (const [key, n] of moves) {
          for (let i = 0; i < Math.floor(n / 10); i += 1) await tile.press(`Shift+${key}`);
          for (let i = 0; i < n % 10; i += 1) await tile.press(key);
        }
        await tile.press('Enter');
        return;
      }
      const frame = await boxOf(dialog.locator('.ma-captcha-frame'));
      const scale = frame.width / challenge.data.width;
      await drag(page, tile, (target.x - challenge.data.tile_x!) * scale, (target.y - challenge.data.tile_y!) * scale, way);
      return;
    }
    case 'rotate': {
      const { angle } = await answerOf<'rotate'>(request, origin, challenge);
      const handle = dialog.getByRole('slider');
      if (options.keyboard) {
        await handle.focus();
        for (let i = 0; i < Math.floor(angle / 10); i += 1) await handle.press('Shift+ArrowRight');
        for (let i = 0; i < angle % 10; i += 1) await handle.press('ArrowRight');
        await handle.press('Enter');
        return;
      }
      const track = await boxOf(dialog.locator('.ma-slider'));
      const knob = await boxOf(handle);
      await drag(page, handle, (angle / 360) * (track.width - knob.width), 0, way);
      return;
    }
  }
}
