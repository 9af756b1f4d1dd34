import { useState, type FormEvent } from 'react';
import { returnAfterLogin, setAppState, setUser, toastSuccess, validateNickname, validatePassword } from 'shared-kernel';
import { activateWithPassword, toKernelUser } from '../api/accounts';
import { PasswordInput } from '../fields/PasswordInput';
import { TextInput } from '../fields/TextInput';
import { markDisclaimerOwed } from '../session/disclaimer';
import { TEXTS, USER_INFO_DAYS } from '../texts';
import { isValid, serverErrors, type FormErrors } from './form-errors';

/**
 * Completes an account made by SMS login (CODE_LOGIN_NO_PASSWORD, SPEC §4): a nickname and a password; then the
 * account is active and the disclaimer is owed.
 */
export function SetPasswordForm({ onDone }: { onDone?: () => void }) {
  const [nickname, setNickname] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FormErrors = { nickname: validateNickname(nickname), password: validatePassword(password) };
    setErrors(found);
    if (!isValid(found) || busy) return;
    setBusy(true);
    try {
      const answer = await activateWithPassword(nickname, password);
      markDisclaimerOwed(answer.uid);
      setUser(toKernelUser(answer), USER_INFO_DAYS);
      setAppState({ showActivateDialog: false });
      toastSuccess(TEXTS.activateSuccess);
      onDone?.();
      returnAfterLogin('activation');
    } catch (error) {
      setErrors(serverErrors(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ma-form" noValidate onSubmit={submit} aria-label={TEXTS.activation.passwordTitle}>
      <TextInput
        label={TEXTS.activation.nickname}
        name="nickname"
        value={nickname}
        onChange={setNickname}
        error={errors.nickname}
        placeholder={TEXTS.activation.nicknamePlaceholder}
        autoComplete="nickname"
      />
      <PasswordInput
        value={password}
        onChange={setPassword}
        error={errors.password}
        autoComplete="new-password"
        placeholder={TEXTS.newPasswordPlaceholder}
      />
      <button type="submit" className="ma-primary" disabled={busy}>
        {TEXTS.activation.passwordSubmit}
      </button>
    </form>
  );
}
