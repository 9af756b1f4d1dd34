import { useCallback, useState, type FormEvent } from 'react';
import { DEFAULT_COUNTRY_CODE, useAppState, validateAgreement, validatePassword, validatePhone } from 'shared-kernel';
import { loginByPassword, type PhoneValue } from '../api/accounts';
import { apiCodeOf, captchaRequiredBy } from '../api/errors';
import { AgreeTerms } from '../fields/AgreeTerms';
import { LoginImageCaptcha } from '../fields/LoginImageCaptcha';
import { PasswordInput } from '../fields/PasswordInput';
import { PhoneInput } from '../fields/PhoneInput';
import { completeLogin } from '../session/after-login';
import { TEXTS } from '../texts';
import { isValid, serverErrors, type FormErrors } from './form-errors';
import type { FormProps } from './types';

/** The API's codes that mean "this login needs the image captcha" (then the form shows it). */
export const LOGIN_CAPTCHA_CODES: readonly string[] = ['captcha_required', 'captcha_invalid'];

/** login_mobile (SPEC §2): account (phone) and password; the password is encrypted before it is sent. */
export function LoginMobileForm({ surface, onSwitch }: FormProps) {
  const [phone, setPhone] = useState<PhoneValue>({ countryCode: DEFAULT_COUNTRY_CODE, number: '' });
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaKey, setCaptchaKey] = useState<string | null>(null);
  const [captchaValue, setCaptchaValue] = useState('');
  const [captchaRound, setCaptchaRound] = useState(0);
  const agreed = useAppState((s) => s.agreePolicy);
  const onCaptchaKey = useCallback((key: string | null) => setCaptchaKey(key), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FormErrors = {
      phone: validatePhone(phone.number),
      password: validatePassword(password),
      captcha: captchaShown && captchaValue === '' ? TEXTS.loginImageCaptchaRequired : null,
      agree: validateAgreement(agreed, 'password-login'),
    };
    setErrors(found);
    if (!isValid(found) || busy) return;
    setBusy(true);
    try {
      const captcha = captchaShown && captchaKey ? { key: captchaKey, value: captchaValue } : undefined;
      completeLogin(await loginByPassword({ phone, password, captcha }), 'password', surface);
    } catch (error) {
      setErrors(serverErrors(error));
      // the API asked for the image captcha (or says the next try needs it), or the one sent is spent: a fresh one
      if (captchaShown || LOGIN_CAPTCHA_CODES.includes(apiCodeOf(error) ?? '') || captchaRequiredBy(error)) {
        setCaptchaShown(true);
        setCaptchaRound((n) => n + 1);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ma-form" noValidate onSubmit={submit} aria-label={TEXTS.formTitles.login_mobile}>
      <PhoneInput value={phone} onChange={setPhone} error={errors.phone} />
      <PasswordInput value={password} onChange={setPassword} error={errors.password} autoComplete="current-password" />
      {captchaShown && (
        <LoginImageCaptcha
          value={captchaValue}
          onChange={setCaptchaValue}
          onKey={onCaptchaKey}
          error={errors.captcha}
          refreshSignal={captchaRound}
        />
      )}
      <AgreeTerms error={errors.agree} />
      <button type="submit" className="ma-primary" disabled={busy}>
        {TEXTS.submit.login_mobile}
      </button>
      <div className="ma-links">
        <button type="button" className="ma-link" onClick={() => onSwitch('findpwd_mobile')}>
          {TEXTS.forgotPassword}
        </button>
        <button type="button" className="ma-link" onClick={() => onSwitch('reg')}>
          注册账号
        </button>
      </div>
    </form>
  );
}
