import { useState, type FormEvent } from 'react';
import { DEFAULT_COUNTRY_CODE, toastSuccess, validatePassword, validatePhone, validateSmsCode } from 'shared-kernel';
import { resetPassword, type PhoneValue } from '../api/accounts';
import { apiCodeOf } from '../api/errors';
import { confirmDialog } from '../dialogs/store';
import { CodeField } from '../fields/CodeField';
import { PasswordInput } from '../fields/PasswordInput';
import { PhoneInput } from '../fields/PhoneInput';
import { TEXTS } from '../texts';
import { isValid, serverErrors, type FormErrors } from './form-errors';
import type { FormProps } from './types';

/**
 * findpwd_mobile (SPEC §2): a new password proven by a FIND_PWD code. Success ends every session of the
 * account: '密码修改成功，请重新登录', then the password login.
 */
export function FindPasswordForm({ onSwitch }: FormProps) {
  const [phone, setPhone] = useState<PhoneValue>({ countryCode: DEFAULT_COUNTRY_CODE, number: '' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FormErrors = {
      phone: validatePhone(phone.number),
      code: validateSmsCode(code),
      password: validatePassword(password),
    };
    setErrors(found);
    if (!isValid(found) || busy) return;
    setBusy(true);
    try {
      await resetPassword(phone, code, password);
      toastSuccess(TEXTS.passwordReset);
      onSwitch('login_mobile');
    } catch (error) {
      setErrors(serverErrors(error));
      if (apiCodeOf(error) === 'account_not_found') {
        const register = await confirmDialog({
          title: TEXTS.notRegisteredTitle,
          message: TEXTS.notRegisteredConfirm,
          okText: TEXTS.goRegister,
        });
        if (register) onSwitch('reg');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ma-form" noValidate onSubmit={submit} aria-label={TEXTS.formTitles.findpwd_mobile}>
      <PhoneInput value={phone} onChange={setPhone} error={errors.phone} />
      <CodeField
        phone={phone}
        reason="FIND_PWD"
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
