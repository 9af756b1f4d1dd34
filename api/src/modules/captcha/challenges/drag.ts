import { DRAG } from '../config';
import { landscape } from '../draw/background';
import { newCanvas, pngBase64 } from '../draw/canvas';
import { drawHole, drawPiece } from '../draw/jigsaw';
import { int } from '../random';
import { parseNumbers, type ChallengeKind } from './types';

/** Top-left corner of the target hole in the 300x220 picture. */
export interface DragAnswer {
  x: number;
  y: number;
}

/**
 * Drag tile: image_base64 is the 300x220 picture with a darkened, piece-shaped hole; thumb_base64 is the
 * 50x50 tile cut from that hole. The client shows the tile at (tile_x, tile_y) and lets it be dragged anywhere;
 * verify_value "x,y" is the tile's top-left corner where it was dropped, in the picture's pixels, accepted within
 * 8 px (straight-line distance) of the hole.
 */
export const drag: ChallengeKind<DragAnswer> = {
  async generate() {
    const { width, height, tile } = DRAG;
    const background = landscape(width, height);
    const x = int(tile + 60, width - tile - 8);
    const y = int(8, height - tile - 8);
    // the tile starts on the left, at least 60 px away from the hole
    const startX = int(8, Math.min(x - tile - 10, 40));
    const startY = int(8, height - tile - 8);

    // the tile first, while the picture is whole; then the hole goes into the picture itself
    const piece = newCanvas(tile, tile);
    drawPiece(piece.ctx, background, x, y, 0, 0, tile);
    drawHole(background.getContext('2d'), x, y, tile);

    const [image_base64, thumb_base64] = await Promise.all([pngBase64(background), pngBase64(piece.canvas)]);
    return {
      data: { image_base64, thumb_base64, width, height, tile_x: startX, tile_y: startY, tile_width: tile, tile_height: tile },
      answer: { x, y },
    };
  },

  check(answer, verifyValue) {
    const numbers = parseNumbers(verifyValue);
    if (!numbers || numbers.length !== 2) return false;
    return Math.hypot(numbers[0] - answer.x, numbers[1] - answer.y) <= DRAG.tolerance;
  },
};
