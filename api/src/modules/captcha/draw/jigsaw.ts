import type { Canvas, Ctx } from './canvas';

/**
 * Traces a jigsaw piece that fits in a `size` square whose top-left corner is (x, y): a square body with a
 * round tab on top and on the right and a round notch on the left. Call fill(), stroke() or clip() after.
 */
export function traceJigsaw(ctx: Ctx, x: number, y: number, size: number): void {
  const u = size / 50; // the shape is drawn on a 50-unit grid
  const pad = 2 * u; // keeps the outline's stroke inside the square
  const tabR = 7 * u;
  const body = size - 2 * pad - tabR * 1.4; // side of the square body
  const left = x + pad;
  const top = y + pad + tabR * 1.4;
  const right = left + body;
  const bottom = top + body;
  const midX = left + body / 2;
  const midY = top + body / 2;
  const dip = tabR * 0.4; // how far each tab's centre sits from the edge

  const half = Math.sqrt(tabR * tabR - dip * dip); // half the chord where a tab meets the edge
  const a = Math.asin(dip / tabR);
  ctx.beginPath();
  ctx.moveTo(left, top);
  // top tab: centre above the edge, drawn over its top
  ctx.lineTo(midX - half, top);
  ctx.arc(midX, top - dip, tabR, Math.PI - a, 2 * Math.PI + a, false);
  ctx.lineTo(right, top);
  // right tab: centre right of the edge
  ctx.lineTo(right, midY - half);
  ctx.arc(right + dip, midY, tabR, 1.5 * Math.PI - a, 2.5 * Math.PI + a, false);
  ctx.lineTo(right, bottom);
  ctx.lineTo(left, bottom);
  // left notch: centre left of the edge, biting into the body
  const notchR = tabR * 0.8;
  const notchDip = notchR * 0.3;
  const notchHalf = Math.sqrt(notchR * notchR - notchDip * notchDip);
  const b = Math.acos(notchDip / notchR);
  ctx.lineTo(left, midY + notchHalf);
  ctx.arc(left - notchDip, midY, notchR, b, -b, true);
  ctx.closePath();
}

/** Darkens the piece's outline at (x, y) of `ctx`: the hole the piece fits into. */
export function drawHole(ctx: Ctx, x: number, y: number, size: number): void {
  ctx.save();
  traceJigsaw(ctx, x, y, size);
  ctx.fillStyle = 'rgba(0, 0, 0, 0.5)';
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.stroke();
  ctx.restore();
}

/**
 * Cuts the piece at (fromX, fromY) out of `source` and draws it at (toX, toY) of `ctx`, outlined and with a
 * shadow so that it stands out when dragged over the picture.
 */
export function drawPiece(ctx: Ctx, source: Canvas, fromX: number, fromY: number, toX: number, toY: number, size: number): void {
  ctx.save();
  traceJigsaw(ctx, toX, toY, size);
  ctx.clip();
  ctx.drawImage(source, toX - fromX, toY - fromY);
  ctx.restore();
  ctx.save();
  traceJigsaw(ctx, toX, toY, size);
  ctx.lineWidth = 2;
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.95)';
  ctx.shadowColor = 'rgba(0, 0, 0, 0.6)';
  ctx.shadowBlur = 3;
  ctx.stroke();
  ctx.restore();
}
