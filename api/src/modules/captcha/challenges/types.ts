import type { ChallengeData } from 'contracts';
import type { CaptchaFont } from '../font';

/** A new challenge: its public fields (the wire contract's ChallengeData) and its secret. */
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
