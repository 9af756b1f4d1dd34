import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import {
  CAPTCHA,
  cancelCaptcha,
  errorMessageOf,
  HTTP_MESSAGES,
  isCaptchaPending,
  resolveCaptcha,
  toastError,
} from 'shared-kernel';
import type { CaptchaType } from 'contracts';
import { CAPTCHA_TYPES } from 'contracts/enums';
import { CaptchaLoadError, checkAnswer, fetchChallenge, type Challenge } from '../api/captcha';
import { Modal } from '../ui/Modal';
import { ClickWords } from './ClickWords';
import { DragTile } from './DragTile';
import { RotateImage } from './RotateImage';
import { SlidePuzzle } from './SlidePuzzle';
import { CAPTCHA_TEXTS } from './texts';
import type { CaptchaResult, VariantProps } from './types';

const VARIANTS: Record<CaptchaType, ComponentType<VariantProps>> = {
  slide: SlidePuzzle,
  click: ClickWords,
  drag: DragTile,
  rotate: RotateImage,
};

interface Props {
  open: boolean;
  /** The dialog is done (success shown, or cancelled): the host hides it. */
  onClose: () => void;
}

/**
 * The security check (SPEC §2, §4, §9), titled '请完成安全验证', answering the kernel's 429 flow: a right answer's
 * token goes to resolveCaptcha(), which retries the waiting requests once. All through: green '{s}s验证成功', closed
 * after 1 s. A retry limited again, or a wrong answer: red '验证失败' and a new picture after 1 s (the click
 * variant says '验证失败，请重试' in a toast and refreshes at once). Closing it cancels: the waiting requests fail
 * with '用户取消输入验证码'. After a success the dialog forgets its picture 1.5 s later (pop mode), so the next one
 * starts fresh.
 */
export function CaptchaDialog({ open, onClose }: Props) {
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [result, setResult] = useState<CaptchaResult>(null);
  const [round, setRound] = useState(0);
  const startedAt = useRef<number | null>(null);
  const request = useRef(0);
  const loading = useRef(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const later = (ms: number, run: () => void) => {
    timers.current.push(setTimeout(run, ms));
  };
  const clearTimers = () => {
    timers.current.forEach(clearTimeout);
    timers.current = [];
  };

  const load = useCallback(async (type?: CaptchaType) => {
    const mine = ++request.current;
    loading.current = true;
    setChallenge(null);
    setLoadError(null);
    setResult(null);
    startedAt.current = null;
    try {
      const next = await fetchChallenge(type);
      if (mine === request.current) setChallenge(next);
    } catch (error) {
      if (mine === request.current) setLoadError(error instanceof CaptchaLoadError ? error.message : errorMessageOf(error));
    }
    if (mine === request.current) loading.current = false;
    setRound((n) => n + 1);
  }, []);

  // a picture when the dialog opens without one (the first time, and after the pop-mode reset)
  useEffect(() => {
    if (open && !challenge && !loadError && !loading.current) void load();
  }, [open, challenge, loadError, load]);

  useEffect(() => clearTimers, []);

  // reopened over an older picture (closed from elsewhere, say): it may have expired, so start over
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current && challenge && !loading.current) void load(challenge.captchaType);
    wasOpen.current = open;
  }, [open, challenge, load]);

  const refresh = (type = challenge?.captchaType) => {
    clearTimers();
    void load(type);
  };

  const fail = (type: CaptchaType) => {
    if (type === 'click') {
      toastError(CAPTCHA_TEXTS.clickFailure);
      refresh();
      return;
    }
    setResult({ kind: 'failure', text: CAPTCHA_TEXTS.failure });
    later(CAPTCHA.failureRefreshMs, () => refresh());
  };

  const onAnswer = async (verifyValue: string) => {
    if (!challenge || result) return;
    const seconds = ((Date.now() - (startedAt.current ?? Date.now())) / 1000).toFixed(2);
    setResult({ kind: 'checking' });
    let outcome;
    try {
      outcome = await checkAnswer(challenge, verifyValue);
    } catch (error) {
      toastError(errorMessageOf(error));
      setResult({ kind: 'failure', text: CAPTCHA_TEXTS.failure });
      later(CAPTCHA.failureRefreshMs, () => refresh());
      return;
    }
    if (!outcome.ok) {
      if (outcome.expired) refresh();
      else fail(challenge.captchaType);
      return;
    }
    // the waiting requests are retried with the token: the result says whether they got through
    if (!(await resolveCaptcha(outcome.token))) {
      fail(challenge.captchaType);
      return;
    }
    setResult({ kind: 'success', text: CAPTCHA_TEXTS.success(seconds) });
    later(CAPTCHA.successCloseMs, () => {
      // requests limited while this round ran wait for a captcha of their own: keep going with a new picture
      if (isCaptchaPending()) refresh();
      else onClose();
    });
    later(CAPTCHA.popResetMs, () => {
      if (!isCaptchaPending()) {
        request.current += 1;
        loading.current = false;
        setChallenge(null);
        setResult(null);
      }
    });
  };

  const cancel = () => {
    clearTimers();
    request.current += 1;
    loading.current = false;
    setChallenge(null);
    setLoadError(null);
    setResult(null);
    cancelCaptcha();
    toastError(HTTP_MESSAGES.captchaCancelled);
    onClose();
  };

  const nextType = () => {
    const current = challenge?.captchaType;
    const i = current ? CAPTCHA_TYPES.indexOf(current) : -1;
    refresh(CAPTCHA_TYPES[(i + 1) % CAPTCHA_TYPES.length]);
  };

  const Variant = challenge ? VARIANTS[challenge.captchaType] : null;
  return (
    <Modal
      open={open}
      title={CAPTCHA_TEXTS.title}
      onClose={cancel}
      mobile="popup"
      layer="top"
      width={360}
      className="ma-captcha"
      data={{ 'captcha-type': challenge?.captchaType ?? '', testid: 'captcha-dialog' }}
    >
      <div className="ma-captcha-body" aria-busy={!challenge && !loadError}>
        {Variant && challenge ? (
          <Variant
            key={`${challenge.captchaId}-${round}`}
            challenge={challenge}
            locked={result !== null}
            result={result}
            onStart={() => {
              startedAt.current ??= Date.now();
            }}
            onAnswer={(value) => void onAnswer(value)}
          />
        ) : loadError ? (
          <button type="button" className="ma-captcha-placeholder ma-captcha-error" onClick={() => refresh()}>
            {loadError}，{CAPTCHA_TEXTS.retry}
          </button>
        ) : (
          <div className="ma-captcha-placeholder">{CAPTCHA_TEXTS.loading}</div>
        )}
        <p className="ma-sr-only" role="status">
          {result?.kind === 'success' || result?.kind === 'failure' ? result.text : ''}
        </p>
      </div>
      <div className="ma-captcha-tools">
        <button type="button" className="ma-link" onClick={() => refresh()} disabled={result?.kind === 'checking'}>
          ↻ {CAPTCHA_TEXTS.refresh}
        </button>
        <button
          type="button"
          className="ma-link"
          onClick={nextType}
          disabled={result?.kind === 'checking'}
          title={challenge ? `当前：${CAPTCHA_TEXTS.types[challenge.captchaType]}` : undefined}
        >
          {CAPTCHA_TEXTS.switchType}
        </button>
      </div>
    </Modal>
  );
}
