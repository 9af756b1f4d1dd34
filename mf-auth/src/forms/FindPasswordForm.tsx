import { useState } from 'react';
import { toastSuccess, validatePassword, validatePhone, validateSmsCode } from 'shared-kernel';
import { resetPassword } from '../api/accounts';
import { apiCodeOf } from '../api/errors';
import { confirmDialog } from '../dialogs/store';
import { PasswordInput } from '../fields/PasswordInput';
import { PhoneCodeFields, usePhoneAndCode } from '../fields/PhoneCodeFields';
import { TEXTS } from '../texts';
import type { FormProps } from './types';
import { useFormSubmit } from './use-form-submit';

/**
 * findpwd_mobile (SPEC §2): a new password proven by a FIND_PWD code. Success ends every session of the
 * account: '密码修改成功，请重新登录', then the password login.
 */
export function FindPasswordForm({ onSwitch }: FormProps) {
  const fields = usePhoneAndCode();
  const { phone, code } = fields;
  const [password, setPassword] = useState('');
  const { errors, setErrors, busy, submit } = useFormSubmit(
    () => ({
      phone: validatePhone(phone.number),
      code: validateSmsCode(code),
      password: validatePassword(password),
    }),
    async () => {
      await resetPassword(phone, code, password);
      toastSuccess(TEXTS.passwordReset);
      onSwitch('login_mobile');
    },
    async (error) => {
      if (apiCodeOf(error) !== 'account_not_found') return;
      const register = await confirmDialog({
        title: TEXTS.notRegisteredTitle,
        message: TEXTS.notRegisteredConfirm,
        okText: TEXTS.goRegister,
      });
      if (register) onSwitch('reg');
    },
  );

  return (
    <form className="ma-form" noValidate onSubmit={submit} aria-label={TEXTS.formTitles.findpwd_mobile}>
      <PhoneCodeFields {...fields} reason="FIND_PWD" errors={errors} setErrors={setErrors} />
      <PasswordInput
        value={password}
        onChange={setPassword}
        error={errors.password}
        autoComplete="new-password"
        placeholder={TEXTS.newPasswordPlaceholder}
        label="新密码"
      />
      <button type="submit" className="ma-primary" disabled={busy}>
        {TEXTS.submit.findpwd_mobile}
      </button>
      <div className="ma-links">
        <button type="button" className="ma-link" onClick={() => onSwitch('login_mobile')}>
          返回登录
        </button>
      </div>
    </form>
  );
}
