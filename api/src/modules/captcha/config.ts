/**
 * Captcha geometry, tolerances and limits. The geometry is SPEC §9 (the same numbers as shared-kernel's
 * CAPTCHA constants, which the dialogs use); the api does not depend on the kernel, so they are repeated here.
 * The captcha types and repCodes are the wire contract's (contracts/src/enums.ts).
 */

export const SLIDE = {
  /** Image size; slide positions are sent scaled to this width. */
  width: 310,
  height: 155,
  /** The puzzle piece fits in a square of this side. */
  block: 50,
  /** The y of an answer is always this value (SPEC §3). */
  y: 5,
  /** Accepted distance between the sent x and the hole's x (px at the 310 px reference width). */
  tolerance: 5,
} as const;

export const CLICK = {
  width: 300,
  height: 220,
  /** Characters to click, in order, and characters drawn as decoys. */
  targets: 3,
  decoys: 2,
  /** The strip showing the characters to click. */
  thumbWidth: 150,
  thumbHeight: 40,
  /** A click counts when it is this far (px) or less from the character's centre on both axes, beyond half its size. */
  margin: 6,
} as const;

export const DRAG = {
  width: 300,
  height: 220,
  /** The tile's side. */
  tile: 50,
  /** Accepted distance (px) between the dropped tile's top-left corner and the target's. */
  tolerance: 8,
} as const;

export const ROTATE = {
  /** The round picture's diameter. */
  size: 200,
  /** The picture is turned by at least this much (degrees) either way, so it never starts upright. */
  minTurn: 30,
  /** Accepted difference (degrees) between the sent angle and the one that makes the picture upright. */
  tolerance: 8,
} as const;

export const LOGIN = {
  width: 130,
  height: 48,
  length: 4,
  /** No 0/O, 1/I/L: characters a person can tell apart once distorted. */
  alphabet: 'ABCDEFGHJKMNPQRSTUVWXYZ23456789',
} as const;

/** Lifetime of an image challenge (s). */
export const CHALLENGE_TTL_S = 120;
/** Lifetime of a login-form captcha (s). */
export const LOGIN_TTL_S = 300;

export interface CaptchaLimits {
  /** Images (challenges and login-form captchas) one clientUid may ask for per minute. */
  perClient: number;
  /** Images one IP address may ask for per minute (higher: many users can share an address behind NAT). */
  perIp: number;
}

function positiveInt(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} 必须是正整数，当前为 "${raw}"`);
  return n;
}

/** `CAPTCHA_LIMIT_PER_CLIENT` (default 30) and `CAPTCHA_LIMIT_PER_IP` (default 120), per minute. */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): CaptchaLimits {
  return {
    perClient: positiveInt(env.CAPTCHA_LIMIT_PER_CLIENT, 30, 'CAPTCHA_LIMIT_PER_CLIENT'),
    perIp: positiveInt(env.CAPTCHA_LIMIT_PER_IP, 120, 'CAPTCHA_LIMIT_PER_IP'),
  };
}
