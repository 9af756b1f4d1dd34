import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { errorMessageOf } from 'shared-kernel';
import { fetchLoginCaptcha, pngSrc, type LoginCaptcha } from '../api/captcha';
import { TEXTS } from '../texts';
import { FieldError } from './FieldError';

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** Told the key of each new image: the answer is sent with it. */
  onKey: (key: string | null) => void;
  error?: string | null;
  /** Changes when the form wants a fresh image (after a failed login the old one is spent). */
  refreshSignal: number;
}

/**
 * The login form's image captcha (SPEC §3: captcha_key, captcha_image): four characters in a picture from
 * GET /api/captcha/login/; clicking the picture gets another one.
 */
export function LoginImageCaptcha({ value, onChange, onKey, error, refreshSignal }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const [captcha, setCaptcha] = useState<LoginCaptcha | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    onKey(null);
    try {
      const next = await fetchLoginCaptcha();
      setCaptcha(next);
      onKey(next.key);
    } catch (e) {
      setCaptcha(null);
      setLoadError(errorMessageOf(e));
    }
  }, [onKey]);

  const clearRef = useRef(onChange);
  clearRef.current = onChange;
  // a new image on mount and whenever the form asks; the typed answer belonged to the old one
  useEffect(() => {
    void load();
    clearRef.current('');
  }, [refreshSignal, load]);

  return (
    <div className="ma-field">
      <label className="ma-sr-only" htmlFor={id}>
        {TEXTS.loginImageCaptcha}
      </label>
      <div className={`ma-control ma-image-captcha${error ? ' ma-invalid' : ''}`}>
        <input
          id={id}
          className="ma-input"
          name="captcha_value"
          autoComplete="off"
          maxLength={8}
          placeholder={TEXTS.loginImageCaptchaPlaceholder}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(e.target.value.trim())}
        />
        <button type="button" className="ma-image-captcha-button" title={TEXTS.loginImageCaptchaRefresh} onClick={() => void load()}>
          {captcha ? (
            <img src={pngSrc(captcha.image)} alt={`${TEXTS.loginImageCaptcha}（${TEXTS.loginImageCaptchaRefresh}）`} width={130} height={48} />
          ) : (
            <span className="ma-muted">{loadError ?? '加载中…'}</span>
          )}
        </button>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
