import { useState } from 'react';
import { useAppState, validateAgreement, validateInviteCode, validatePassword, validatePhone, validateSmsCode } from 'shared-kernel';
import { register } from '../api/accounts';
import { AgreeTerms } from '../fields/AgreeTerms';
import { InviteCodeField } from '../fields/InviteCodeField';
import { PasswordInput } from '../fields/PasswordInput';
import { PhoneCodeFields, usePhoneAndCode } from '../fields/PhoneCodeFields';
import { completeLogin } from '../session/after-login';
import { TEXTS } from '../texts';
import type { FormProps } from './types';
import { useFormSubmit } from './use-form-submit';

/** The invite code a shared link carries (?invite=12345), digits only. */
function inviteOfAddress(): string {
  if (typeof window === 'undefined') return '';
  const code = new URLSearchParams(window.location.search).get('invite') ?? '';
  return /^\d{5}$/.test(code) ? code : '';
}

/** reg (SPEC §2): phone, SMS code (REGISTER), password and an optional invite code; a failure is the kernel's generic error toast. */
export function RegisterForm({ surface, onSwitch }: FormProps) {
  const fields = usePhoneAndCode();
  const { phone, code } = fields;
  const [password, setPassword] = useState('');
  const [invite, setInvite] = useState(inviteOfAddress);
  const agreed = useAppState((s) => s.agreePolicy);
  const { errors, setErrors, busy, submit } = useFormSubmit(
    () => ({
      phone: validatePhone(phone.number),
      code: validateSmsCode(code),
      password: validatePassword(password),
      agree: validateAgreement(agreed, 'register'),
      invite: invite === '' ? null : validateInviteCode(invite),
    }),
    async () => completeLogin(await register(phone, code, password, invite), 'register', surface),
  );

  return (
    <form className="ma-form" noValidate onSubmit={submit} aria-label={TEXTS.formTitles.reg}>
      <PhoneCodeFields {...fields} reason="REGISTER" errors={errors} setErrors={setErrors} />
      <PasswordInput
        value={password}
        onChange={setPassword}
        error={errors.password}
        autoComplete="new-password"
        placeholder={TEXTS.newPasswordPlaceholder}
      />
      <InviteCodeField value={invite} onChange={setInvite} error={errors.invite} setError={(m) => setErrors((e) => ({ ...e, invite: m }))} />
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
