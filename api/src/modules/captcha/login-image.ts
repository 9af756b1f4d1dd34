import { LOGIN } from './config';
import { grain } from './draw/background';
import { hsl, newCanvas, pngBase64, release } from './draw/canvas';
import { drawGlyph } from './draw/glyph';
import type { CaptchaFont } from './font';
import { int, pick, real } from './random';

/**
 * The login form's text captcha: 4 characters from an alphabet without look-alikes, each turned, scaled and
 * coloured on its own, crossed by curves and dots, then bent by a wave. Returns the text and the base64 PNG.
 */
export async function loginCaptcha(font: CaptchaFont): Promise<{ text: string; image: string }> {
  const { width, height, length, alphabet } = LOGIN;
  const text = Array.from({ length }, () => pick([...alphabet])).join('');

  const flat = newCanvas(width, height);
  const ctx = flat.ctx;
  const bg = ctx.createLinearGradient(0, 0, width, height);
  bg.addColorStop(0, hsl(int(0, 359), 45, 93));
  bg.addColorStop(1, hsl(int(0, 359), 45, 88));
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, width, height);

  const step = (width - 16) / length;
  [...text].forEach((ch, i) => {
    drawGlyph(ctx, font, ch, 8 + step * (i + 0.5) + real(-3, 3), height / 2 + real(-4, 4), {
      size: int(28, 32),
      fill: hsl(int(0, 359), 70, int(25, 40)),
      turn: real(-0.4, 0.4),
      scaleX: real(0.85, 1.15),
      scaleY: real(0.9, 1.15),
    });
  });
  for (let i = 0; i < 2; i += 1) {
    ctx.strokeStyle = hsl(int(0, 359), 60, 40, 0.8);
    ctx.lineWidth = real(1.5, 2.5);
    ctx.beginPath();
    ctx.moveTo(0, real(0.2, 0.8) * height);
    ctx.bezierCurveTo(width / 3, real(0, height), (2 * width) / 3, real(0, height), width, real(0.2, 0.8) * height);
    ctx.stroke();
  }
  for (let i = 0; i < 50; i += 1) {
    ctx.fillStyle = hsl(int(0, 359), 60, 50, 0.7);
    ctx.fillRect(real(0, width), real(0, height), 1.5, 1.5);
  }

  // a vertical wave: each column moves up or down a little, which bends the strokes of every character
  const out = newCanvas(width, height);
  out.ctx.fillStyle = bg;
  out.ctx.fillRect(0, 0, width, height);
  const amplitude = real(2, 3.5);
  const period = real(30, 50);
  const phase = real(0, Math.PI * 2);
  for (let x = 0; x < width; x += 1) {
    const dy = amplitude * Math.sin((x / period) * Math.PI * 2 + phase);
    out.ctx.drawImage(flat.canvas, x, 0, 1, height, x, dy, 1, height);
  }
  release(flat.canvas);
  grain(out.ctx, width, height, 12);
  return { text, image: await pngBase64(out.canvas) };
}
