import { int, real } from '../random';
import { hsl, newCanvas, type Canvas, type Ctx } from './canvas';

/**
 * A generated landscape: sky, sun, clouds, mountain ridges, trees and speckles. No image files and no network:
 * every picture is new, so a bot cannot learn a fixed set of backgrounds, and the texture gives a person
 * (and the puzzle piece) something to match. The scene has an up and a down, which the rotate captcha needs.
 */
export function landscape(width: number, height: number): Canvas {
  const { canvas, ctx } = newCanvas(width, height);
  const dusk = int(0, 3) === 0;
  const skyHue = dusk ? int(10, 40) : int(190, 225);
  const landHue = int(80, 160);

  const sky = ctx.createLinearGradient(0, 0, 0, height * 0.7);
  sky.addColorStop(0, hsl(skyHue, dusk ? 70 : 65, dusk ? 55 : 50));
  sky.addColorStop(1, hsl(skyHue + (dusk ? 20 : -10), dusk ? 85 : 60, dusk ? 78 : 85));
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, height);

  sun(ctx, real(0.1, 0.9) * width, real(0.12, 0.35) * height, real(0.07, 0.12) * Math.min(width, height) + 6, dusk);
  for (let i = int(2, 4); i > 0; i -= 1) cloud(ctx, real(0, width), real(0.05, 0.35) * height, real(0.8, 1.6));

  const ridges = 3;
  for (let r = 0; r < ridges; r += 1) {
    const base = height * (0.45 + r * 0.14);
    const light = 62 - r * 14;
    ridge(ctx, width, height, base, height * (0.22 - r * 0.05), hsl(landHue + r * 12, 35 + r * 10, light));
    if (r >= 1) {
      for (let t = int(2, 5); t > 0; t -= 1) {
        tree(ctx, real(0, width), base + real(-0.02, 0.12) * height, real(0.09, 0.16) * height, hsl(landHue + 20, 45, 22 + r * 3));
      }
    }
  }
  shapes(ctx, width, height);
  speckle(ctx, width, height, Math.round((width * height) / 250));
  return canvas;
}

function sun(ctx: Ctx, x: number, y: number, r: number, dusk: boolean): void {
  const glow = ctx.createRadialGradient(x, y, r * 0.2, x, y, r * 2.2);
  glow.addColorStop(0, hsl(dusk ? 30 : 55, 100, 88, 0.9));
  glow.addColorStop(1, hsl(dusk ? 30 : 55, 100, 80, 0));
  ctx.fillStyle = glow;
  ctx.beginPath();
  ctx.arc(x, y, r * 2.2, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = hsl(dusk ? 20 : 48, 100, dusk ? 62 : 70);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

function cloud(ctx: Ctx, x: number, y: number, scale: number): void {
  ctx.fillStyle = 'rgba(255, 255, 255, 0.75)';
  for (let i = 0; i < 5; i += 1) {
    ctx.beginPath();
    ctx.ellipse(x + (i - 2) * 11 * scale, y + (i % 2) * 4 * scale, 14 * scale, 8 * scale, 0, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** A mountain ridge by midpoint displacement, filled down to the bottom edge. */
function ridge(ctx: Ctx, width: number, height: number, base: number, roughness: number, color: string): void {
  const n = 32;
  const ys = Array.from({ length: n + 1 }, () => base);
  ys[0] = base + real(-1, 1) * roughness;
  ys[n] = base + real(-1, 1) * roughness;
  const split = (lo: number, hi: number, amp: number): void => {
    if (hi - lo < 2) return;
    const mid = (lo + hi) >> 1;
    ys[mid] = (ys[lo] + ys[hi]) / 2 + real(-1, 1) * amp;
    split(lo, mid, amp * 0.55);
    split(mid, hi, amp * 0.55);
  };
  split(0, n, roughness);
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.moveTo(0, height);
  for (let i = 0; i <= n; i += 1) ctx.lineTo((i / n) * width, ys[i]);
  ctx.lineTo(width, height);
  ctx.closePath();
  ctx.fill();
}

function tree(ctx: Ctx, x: number, y: number, h: number, color: string): void {
  ctx.fillStyle = 'hsl(25, 45%, 25%)';
  ctx.fillRect(x - h * 0.05, y - h * 0.25, h * 0.1, h * 0.3);
  ctx.fillStyle = color;
  for (let i = 0; i < 3; i += 1) {
    const top = y - h * (0.55 + i * 0.22);
    ctx.beginPath();
    ctx.moveTo(x, top - h * 0.2);
    ctx.lineTo(x + h * (0.32 - i * 0.07), top + h * 0.3);
    ctx.lineTo(x - h * (0.32 - i * 0.07), top + h * 0.3);
    ctx.closePath();
    ctx.fill();
  }
}

/** Flowers and pebbles in the foreground: small high-contrast details to line the puzzle piece up with. */
function shapes(ctx: Ctx, width: number, height: number): void {
  for (let i = int(8, 14); i > 0; i -= 1) {
    const x = real(0, width);
    const y = real(0.6, 1) * height;
    const r = real(2, 5);
    ctx.fillStyle = hsl(int(0, 359), 80, real(55, 75), 0.9);
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  }
}

/**
 * Scattered light and dark dots. Sparse on purpose: full per-pixel grain made the pictures' PNGs four times
 * bigger (about 90 KB) and three times slower to encode, for little gain.
 */
function speckle(ctx: Ctx, width: number, height: number, count: number): void {
  for (let i = 0; i < count; i += 1) {
    ctx.fillStyle = Math.random() < 0.5 ? 'rgba(255, 255, 255, 0.5)' : 'rgba(0, 0, 0, 0.25)';
    ctx.fillRect(Math.floor(Math.random() * width), Math.floor(Math.random() * height), 1, 1);
  }
}

/** Per-pixel grain for the small pictures (the click strip, the login captcha): no clean edges to template-match. */
export function grain(ctx: Ctx, width: number, height: number, amount: number): void {
  const image = ctx.getImageData(0, 0, width, height);
  const px = image.data;
  for (let i = 0; i < px.length; i += 4) {
    // visual only, so the fast generator is fine here
    const d = (Math.random() - 0.5) * amount;
    px[i] += d;
    px[i + 1] += d;
    px[i + 2] += d;
  }
  ctx.putImageData(image, 0, 0);
}
