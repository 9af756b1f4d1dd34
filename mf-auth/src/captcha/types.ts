import type { Challenge } from '../api/captcha';

/** What the picture shows over itself: checking, success (green, with the seconds) or failure (red). */
export type CaptchaResult = { kind: 'checking' } | { kind: 'success'; text: string } | { kind: 'failure'; text: string } | null;

/** What each variant gets from the dialog. */
export interface VariantProps {
  challenge: Challenge;
  /** While checking or showing a result: no more input. */
  locked: boolean;
  result: CaptchaResult;
  /** The first touch, drag or key press: the seconds of the success text count from here. */
  onStart: () => void;
  /** The answer, as verify_value. */
  onAnswer: (verifyValue: string) => void;
}
