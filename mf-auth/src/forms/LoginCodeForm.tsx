import { useAppState, validateAgreement, validatePhone, validateSmsCode } from 'shared-kernel';
import { loginByCode } from '../api/accounts';
import { AgreeTerms } from '../fields/AgreeTerms';
import { PhoneCodeFields, usePhoneAndCode } from '../fields/PhoneCodeFields';
import { completeLogin } from '../session/after-login';
import { TEXTS } from '../texts';
import type { FormProps } from './types';
import { useFormSubmit } from './use-form-submit';

/** login_code, the default form (SPEC §2): SMS quick login, which also creates the account of a new phone. */
export function LoginCodeForm({ surface, onSwitch }: FormProps) {
  const fields = usePhoneAndCode();
  const { phone, code } = fields;
  const agreed = useAppState((s) => s.agreePolicy);
  const { errors, setErrors, busy, submit } = useFormSubmit(
    () => ({
      phone: validatePhone(phone.number),
      code: validateSmsCode(code),
      agree: validateAgreement(agreed, 'code-login'),
    }),
    async () => completeLogin(await loginByCode(phone, code), 'code', surface),
  );

  return (
    <form className="ma-form" noValidate onSubmit={submit} aria-label={TEXTS.formTitles.login_code}>
      <PhoneCodeFields {...fields} reason="LOGIN" errors={errors} setErrors={setErrors} />
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
