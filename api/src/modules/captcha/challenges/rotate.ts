import { ROTATE } from '../config';
import { landscape } from '../draw/background';
import { newCanvas, pngBase64, release } from '../draw/canvas';
import { int } from '../random';
import { parseNumbers, type ChallengeKind } from './types';

/** Degrees (clockwise, 0-359) the picture must be turned to stand upright. */
export interface RotateAnswer {
  angle: number;
}

/**
 * Rotate: image_base64 is a round 200x200 picture (transparent corners) of a landscape turned by a secret
 * angle. The client turns it clockwise by 0-360 degrees (SPEC §9); verify_value is that angle, accepted within
 * 8 degrees of the one that makes the sky point up again.
 */
export const rotate: ChallengeKind<RotateAnswer> = {
  async generate() {
    const { size, minTurn } = ROTATE;
    const scene = landscape(size, size);
    const turn = int(minTurn, 360 - minTurn);
    const r = size / 2;

    const { canvas, ctx } = newCanvas(size, size);
    ctx.save();
    ctx.beginPath();
    ctx.arc(r, r, r - 1, 0, Math.PI * 2);
    ctx.clip();
    ctx.translate(r, r);
    ctx.rotate((turn * Math.PI) / 180);
    // the square scene covers the circle at any angle (its half-diagonal is r * 1.41)
    ctx.drawImage(scene, -r, -r);
    ctx.restore();
    release(scene);
    ctx.beginPath();
    ctx.arc(r, r, r - 2, 0, Math.PI * 2);
    ctx.lineWidth = 3;
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.9)';
    ctx.stroke();

    return { data: { image_base64: await pngBase64(canvas), width: size, height: size }, answer: { angle: (360 - turn) % 360 } };
  },

  check(answer, verifyValue) {
    const numbers = parseNumbers(verifyValue);
    if (!numbers || numbers.length !== 1 || numbers[0] < 0 || numbers[0] > 360) return false;
    const diff = Math.abs((((numbers[0] - answer.angle) % 360) + 540) % 360 - 180);
    return diff <= ROTATE.tolerance;
  },
};
