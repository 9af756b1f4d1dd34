import { useState, type FormEvent } from 'react';
import { DEFAULT_COUNTRY_CODE, useAppState, validateAgreement, validatePhone, validateSmsCode } from 'shared-kernel';
import { loginByCode, type PhoneValue } from '../api/accounts';
import { AgreeTerms } from '../fields/AgreeTerms';
import { CodeField } from '../fields/CodeField';
import { PhoneInput } from '../fields/PhoneInput';
import { completeLogin } from '../session/after-login';
import { TEXTS } from '../texts';
import { isValid, serverErrors, type FormErrors } from './form-errors';
import type { FormProps } from './types';

/** login_code, the default form (SPEC §2): SMS quick login, which also creates the account of a new phone. */
export function LoginCodeForm({ surface, onSwitch }: FormProps) {
  const [phone, setPhone] = useState<PhoneValue>({ countryCode: DEFAULT_COUNTRY_CODE, number: '' });
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const agreed = useAppState((s) => s.agreePolicy);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FormErrors = {
      phone: validatePhone(phone.number),
      code: validateSmsCode(code),
      agree: validateAgreement(agreed, 'code-login'),
    };
    setErrors(found);
    if (!isValid(found) || busy) return;
    setBusy(true);
    try {
      completeLogin(await loginByCode(phone, code), 'code', surface);
    } catch (error) {
      setErrors(serverErrors(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ma-form" noValidate onSubmit={submit} aria-label={TEXTS.formTitles.login_code}>
      <PhoneInput value={phone} onChange={setPhone} error={errors.phone} />
      <CodeField
        phone={phone}
        reason="LOGIN"
        value={code}
        onChange={setCode}
        error={errors.code}
        onPhoneError={(message) => setErrors((e) => ({ ...e, phone: message }))}
      />
      <p className="ma-hint">{TEXTS.codeLoginHint}</p>
      <AgreeTerms error={errors.agree} />
      <button type="submit" className="ma-primary" disabled={busy}>
        {TEXTS.submit.login_code}
      </button>
      <div className="ma-links ma-links-end">
        <button type="button" className="ma-link" onClick={() => onSwitch('reg')}>
          注册账号
        </button>
      </div>
    </form>
  );
}
