import { CAPTCHA_TEXTS } from './texts';
import type { CaptchaResult } from './types';

/** The strip over the bottom of the picture: green success with the seconds, red failure, or "checking". */
export function ResultBar({ result }: { result: CaptchaResult }) {
  if (!result) return null;
  const text = result.kind === 'checking' ? CAPTCHA_TEXTS.checking : result.text;
  return <div className={`ma-captcha-result ma-result-${result.kind}`}>{text}</div>;
}
