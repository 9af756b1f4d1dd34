import { useState, type FormEvent } from 'react';
import { DEFAULT_COUNTRY_CODE, useAppState, validateAgreement, validatePassword, validatePhone, validateSmsCode } from 'shared-kernel';
import { register, type PhoneValue } from '../api/accounts';
import { AgreeTerms } from '../fields/AgreeTerms';
import { CodeField } from '../fields/CodeField';
import { PasswordInput } from '../fields/PasswordInput';
import { PhoneInput } from '../fields/PhoneInput';
import { completeLogin } from '../session/after-login';
import { TEXTS } from '../texts';
import { isValid, serverErrors, type FormErrors } from './form-errors';
import type { FormProps } from './types';

/** reg (SPEC §2): phone, SMS code (REGISTER) and password; a failure is the kernel's generic error toast. */
export function RegisterForm({ surface, onSwitch }: FormProps) {
  const [phone, setPhone] = useState<PhoneValue>({ countryCode: DEFAULT_COUNTRY_CODE, number: '' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const agreed = useAppState((s) => s.agreePolicy);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FormErrors = {
      phone: validatePhone(phone.number),
      code: validateSmsCode(code),
      password: validatePassword(password),
      agree: validateAgreement(agreed, 'register'),
    };
    setErrors(found);
    if (!isValid(found) || busy) return;
    setBusy(true);
    try {
      completeLogin(await register(phone, code, password), 'register', surface);
    } catch (error) {
      setErrors(serverErrors(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ma-form" noValidate onSubmit={submit} aria-label={TEXTS.formTitles.reg}>
      <PhoneInput value={phone} onChange={setPhone} error={errors.phone} />
      <CodeField
        phone={phone}
        reason="REGISTER"
        value={code}
        onChange={setCode}
        error={errors.code}
        onPhoneError={(message) => setErrors((e) => ({ ...e, phone: message }))}
      />
      <PasswordInput
        value={password}
        onChange={setPassword}
        error={errors.password}
        autoComplete="new-password"
        placeholder={TEXTS.newPasswordPlaceholder}
      />
      <AgreeTerms error={errors.agree} />
      <button type="submit" className="ma-primary" disabled={busy}>
        {TEXTS.submit.reg}
      </button>
      <div className="ma-links">
        <span className="ma-muted">已有账号？</span>
        <button type="button" className="ma-link" onClick={() => onSwitch('login_code')}>
          去登录
        </button>
      </div>
    </form>
  );
}
