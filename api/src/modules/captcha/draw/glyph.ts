import type { CaptchaFont } from '../font';
import { newCanvas, release, type Ctx } from './canvas';

export interface GlyphStyle {
  /** Font size (px) the glyph is rendered at before any transform. */
  size: number;
  fill: string;
  /** Outline drawn under the fill (keeps the glyph readable on a busy picture). */
  stroke?: { color: string; width: number };
  /** Radians, clockwise. */
  turn?: number;
  scaleX?: number;
  scaleY?: number;
}

/**
 * Draws one character centred on (x, y). The glyph is rendered upright into a small canvas which is then turned
 * and scaled as a picture: Skia caches rendered glyphs per size *and transform*, so text drawn at random angles
 * filled that cache with one entry per angle (measured: the process grew by 100-160 MB). Upright glyphs at a
 * handful of sizes keep it small.
 */
export function drawGlyph(ctx: Ctx, font: CaptchaFont, ch: string, x: number, y: number, style: GlyphStyle): void {
  const side = Math.ceil(style.size * 1.6);
  const glyph = newCanvas(side, side);
  const g = glyph.ctx;
  g.font = `bold ${style.size}px ${font.family}`;
  g.textAlign = 'center';
  g.textBaseline = 'alphabetic';
  const m = g.measureText(ch);
  // centre the ink itself, not the em box
  const baseline = side / 2 + (m.actualBoundingBoxAscent - m.actualBoundingBoxDescent) / 2;
  if (style.stroke) {
    g.lineJoin = 'round';
    g.lineWidth = style.stroke.width;
    g.strokeStyle = style.stroke.color;
    g.strokeText(ch, side / 2, baseline);
  }
  g.fillStyle = style.fill;
  g.fillText(ch, side / 2, baseline);

  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(style.turn ?? 0);
  ctx.scale(style.scaleX ?? 1, style.scaleY ?? 1);
  ctx.drawImage(glyph.canvas, -side / 2, -side / 2);
  ctx.restore();
  release(glyph.canvas);
}
