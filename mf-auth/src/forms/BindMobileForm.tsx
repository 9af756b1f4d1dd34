import { setAppState, setUser, toastSuccess, validatePhone, validateSmsCode } from 'shared-kernel';
import { activateWithPhone, toKernelUser } from '../api/accounts';
import { PhoneCodeFields, usePhoneAndCode } from '../fields/PhoneCodeFields';
import { TEXTS, USER_INFO_DAYS } from '../texts';
import { useFormSubmit } from './use-form-submit';

/**
 * Binds a phone to an account that came in through a third party without one (TRD_LOGIN_NO_MOBILE, SPEC §4):
 * a TRD_ACTIVE code, then the account is active. Used by the activation dialog and the binding routes.
 */
export function BindMobileForm({ onDone, submitText = TEXTS.activation.bindSubmit }: { onDone?: () => void; submitText?: string }) {
  const fields = usePhoneAndCode();
  const { phone, code } = fields;
  const { errors, setErrors, busy, submit } = useFormSubmit(
    () => ({ phone: validatePhone(phone.number), code: validateSmsCode(code) }),
    async () => {
      const answer = await activateWithPhone(phone, code);
      setUser(toKernelUser(answer), USER_INFO_DAYS);
      setAppState({ showActivateDialog: false });
      toastSuccess(TEXTS.bindSuccess);
      onDone?.();
    },
  );

  return (
    <form className="ma-form" noValidate onSubmit={submit} aria-label={TEXTS.activation.bindTitle}>
      <PhoneCodeFields {...fields} reason="TRD_ACTIVE" errors={errors} setErrors={setErrors} />
      <button type="submit" className="ma-primary" disabled={busy}>
        {submitText}
      </button>
    </form>
  );
}
