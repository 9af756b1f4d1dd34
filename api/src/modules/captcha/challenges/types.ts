import type { CaptchaFont } from '../font';

/** The public fields of a challenge (the `data` of the answer to POST /api/captcha/); images are plain base64 PNG. */
export interface ChallengeData {
  originalImageBase64?: string;
  jigsawImageBase64?: string;
  image_base64?: string;
  thumb_base64?: string;
  /** Size of the main image, the reference frame of the answer's coordinates. */
  width: number;
  height: number;
  /** drag: where the tile starts (top-left corner) and its size. */
  tile_x?: number;
  tile_y?: number;
  tile_width?: number;
  tile_height?: number;
  /** click: how many characters to click. */
  count?: number;
}

export interface Issued<A> {
  data: ChallengeData;
  /** The secret answer: stored on the server, never sent. */
  answer: A;
}

export interface ChallengeKind<A> {
  generate(font: CaptchaFont): Promise<Issued<A>>;
  /** Whether `verifyValue` solves the challenge whose secret is `answer`. A malformed value is simply wrong. */
  check(answer: A, verifyValue: string): boolean;
}

const NUMBER = /^-?\d{1,6}(\.\d{1,8})?$/;

/** "12.5,5,30,40" -> [12.5, 5, 30, 40]; null when any item is not a plain decimal number. */
export function parseNumbers(text: string): number[] | null {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length > 40 || !parts.every((p) => NUMBER.test(p))) return null;
  return parts.map(Number);
}
