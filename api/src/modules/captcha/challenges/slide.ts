import { SLIDE } from '../config';
import { landscape } from '../draw/background';
import { newCanvas, pngBase64 } from '../draw/canvas';
import { drawHole, drawPiece } from '../draw/jigsaw';
import { int } from '../random';
import { parseNumbers, type ChallengeKind } from './types';

/** x: left edge of the hole, at the 310 px reference width. */
export interface SlideAnswer {
  x: number;
}

/**
 * Slide puzzle (SPEC §3, §9): originalImageBase64 is the 310x155 picture with a darkened hole;
 * jigsawImageBase64 is a 50x155 strip, transparent except for the piece at the hole's height, which the client
 * moves horizontally over the picture. The answer is the strip's left edge when the hole is filled:
 * verify_value "x,5" (or the JSON text {"x":x,"y":5}) at the 310 px reference width, within 5 px.
 */
export const slide: ChallengeKind<SlideAnswer> = {
  async generate() {
    const { width, height, block } = SLIDE;
    const background = landscape(width, height);
    // never under the piece's start (x = 0), never cut by the right edge
    const x = int(block + 20, width - block - 8);
    const y = int(6, height - block - 6);

    // the piece first, while the picture is whole; then the hole goes into the picture itself
    const jigsaw = newCanvas(block, height);
    drawPiece(jigsaw.ctx, background, x, y, 0, y, block);
    drawHole(background.getContext('2d'), x, y, block);

    const [originalImageBase64, jigsawImageBase64] = await Promise.all([
      pngBase64(background),
      pngBase64(jigsaw.canvas),
    ]);
    return { data: { originalImageBase64, jigsawImageBase64, width, height }, answer: { x } };
  },

  check(answer, verifyValue) {
    const point = parseSlideValue(verifyValue);
    return point !== null && point.y === SLIDE.y && Math.abs(point.x - answer.x) <= SLIDE.tolerance;
  },
};

function parseSlideValue(text: string): { x: number; y: number } | null {
  if (text.trim().startsWith('{')) {
    try {
      const value = JSON.parse(text) as { x?: unknown; y?: unknown } | null;
      if (value && typeof value.x === 'number' && typeof value.y === 'number' && Number.isFinite(value.x)) {
        return { x: value.x, y: value.y };
      }
    } catch {
      // not JSON: wrong
    }
    return null;
  }
  const numbers = parseNumbers(text);
  return numbers && numbers.length === 2 ? { x: numbers[0], y: numbers[1] } : null;
}
