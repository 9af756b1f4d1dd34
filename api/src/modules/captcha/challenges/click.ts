import { CLICK } from '../config';
import { grain, landscape } from '../draw/background';
import { hsl, newCanvas, pngBase64, type Ctx } from '../draw/canvas';
import { drawGlyph } from '../draw/glyph';
import type { CaptchaFont } from '../font';
import { int, pick, real, sample } from '../random';
import { parseNumbers, type ChallengeKind } from './types';

/** Reds, oranges, purples and magentas: they stand out on the generated skies and hills (greens and blues). */
const INK_HUES = [0, 12, 25, 270, 285, 300, 315, 330, 345];

/** Centre and half-size of each character's box, in the order they must be clicked. */
export interface ClickAnswer {
  points: { x: number; y: number; r: number }[];
}

/** Common characters with few strokes: easy to recognise when small and turned. */
const CHARACTERS = [
  ...new Set(
    '天地人山水火木金土日月星云风雨雪花草树林竹石田禾米瓜果鱼鸟马牛羊虫书本笔纸画诗歌舞乐琴棋茶酒' +
      '春夏秋冬东南西北上下左右大小多少长短高明亮美好光色红黄绿白青黑门窗车船桥路江河湖海',
  ),
];

/**
 * Click in order (点选): image_base64 is the 300x220 picture with five Chinese characters drawn on it, turned and
 * coloured; thumb_base64 is a 150x40 strip with the three to click, in order. verify_value is
 * "x1,y1,x2,y2,x3,y3" in the picture's pixels; each click must fall in its character's box, in that order.
 */
export const click: ChallengeKind<ClickAnswer> = {
  async generate(font) {
    const { width, height, targets, decoys, margin } = CLICK;
    const chars = sample(CHARACTERS, targets + decoys);
    const placed = place(chars.length, width, height);

    const picture = landscape(width, height);
    const ctx = picture.getContext('2d');
    placed.forEach((p, i) => drawCharacter(ctx, font, chars[i], p.x, p.y, p.size, real(-0.5, 0.5)));

    const thumb = drawThumb(font, chars.slice(0, targets));
    const [image_base64, thumb_base64] = await Promise.all([pngBase64(picture), pngBase64(thumb)]);
    return {
      data: { image_base64, thumb_base64, width, height, count: targets },
      answer: { points: placed.slice(0, targets).map((p) => ({ x: p.x, y: p.y, r: p.size / 2 + margin })) },
    };
  },

  check(answer, verifyValue) {
    const numbers = parseNumbers(verifyValue);
    if (!numbers || numbers.length !== answer.points.length * 2) return false;
    return answer.points.every(
      (p, i) => Math.abs(numbers[2 * i] - p.x) <= p.r && Math.abs(numbers[2 * i + 1] - p.y) <= p.r,
    );
  },
};

/** Centres and sizes for `count` characters whose boxes do not touch. */
function place(count: number, width: number, height: number): { x: number; y: number; size: number }[] {
  for (;;) {
    const placed: { x: number; y: number; size: number }[] = [];
    for (let attempt = 0; attempt < 200 && placed.length < count; attempt += 1) {
      const size = int(30, 38);
      const edge = size / 2 + 8;
      const x = int(edge, width - edge);
      const y = int(edge, height - edge);
      const clear = placed.every(
        (p) => Math.max(Math.abs(p.x - x), Math.abs(p.y - y)) > (p.size + size) / 2 + 2 * CLICK.margin + 4,
      );
      if (clear) placed.push({ x, y, size });
    }
    // five characters fit easily into 300x220; a rare crowded draw simply starts over
    if (placed.length === count) return placed;
  }
}

function drawCharacter(ctx: Ctx, font: CaptchaFont, ch: string, x: number, y: number, size: number, turn: number): void {
  drawGlyph(ctx, font, ch, x, y, {
    size,
    turn,
    fill: hsl(pick(INK_HUES), 85, 36),
    stroke: { color: 'rgba(255, 255, 255, 0.92)', width: 4 },
  });
}

function drawThumb(font: CaptchaFont, chars: string[]) {
  const { thumbWidth: w, thumbHeight: h } = CLICK;
  const { canvas, ctx } = newCanvas(w, h);
  const bg = ctx.createLinearGradient(0, 0, w, h);
  bg.addColorStop(0, hsl(int(190, 230), 40, 94));
  bg.addColorStop(1, hsl(int(20, 60), 40, 92));
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, w, h);
  // a couple of faint strokes so the strip is not plain text a bot can read with a template
  for (let i = 0; i < 2; i += 1) {
    ctx.strokeStyle = hsl(int(0, 359), 50, 70, 0.6);
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(0, real(0, h));
    ctx.bezierCurveTo(w / 3, real(0, h), (2 * w) / 3, real(0, h), w, real(0, h));
    ctx.stroke();
  }
  const step = w / chars.length;
  chars.forEach((ch, i) => drawCharacter(ctx, font, ch, step * (i + 0.5), h / 2, 26, real(-0.15, 0.15)));
  grain(ctx, w, h, 10);
  return canvas;
}
