import { useState, type FormEvent } from 'react';
import { DEFAULT_COUNTRY_CODE, setAppState, setUser, toastSuccess, validatePhone, validateSmsCode } from 'shared-kernel';
import { activateWithPhone, toKernelUser, type PhoneValue } from '../api/accounts';
import { CodeField } from '../fields/CodeField';
import { PhoneInput } from '../fields/PhoneInput';
import { TEXTS, USER_INFO_DAYS } from '../texts';
import { isValid, serverErrors, type FormErrors } from './form-errors';

/**
 * Binds a phone to an account that came in through a third party without one (TRD_LOGIN_NO_MOBILE, SPEC §4):
 * a TRD_ACTIVE code, then the account is active. Used by the activation dialog and the binding routes.
 */
export function BindMobileForm({ onDone, submitText = TEXTS.activation.bindSubmit }: { onDone?: () => void; submitText?: string }) {
  const [phone, setPhone] = useState<PhoneValue>({ countryCode: DEFAULT_COUNTRY_CODE, number: '' });
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FormErrors = { phone: validatePhone(phone.number), code: validateSmsCode(code) };
    setErrors(found);
    if (!isValid(found) || busy) return;
    setBusy(true);
    try {
      const answer = await activateWithPhone(phone, code);
      setUser(toKernelUser(answer), USER_INFO_DAYS);
      setAppState({ showActivateDialog: false });
      toastSuccess(TEXTS.bindSuccess);
      onDone?.();
    } catch (error) {
      setErrors(serverErrors(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ma-form" noValidate onSubmit={submit} aria-label={TEXTS.activation.bindTitle}>
      <PhoneInput value={phone} onChange={setPhone} error={errors.phone} />
      <CodeField
        phone={phone}
        reason="TRD_ACTIVE"
        value={code}
        onChange={setCode}
        error={errors.code}
        onPhoneError={(message) => setErrors((e) => ({ ...e, phone: message }))}
      />
      <button type="submit" className="ma-primary" disabled={busy}>
        {submitText}
      </button>
    </form>
  );
}
