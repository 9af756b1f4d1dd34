import { useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { isValid, serverErrors, type FormErrors } from './form-errors';

export interface FormSubmit {
  errors: FormErrors;
  setErrors: Dispatch<SetStateAction<FormErrors>>;
  busy: boolean;
  submit: (event: FormEvent) => Promise<void>;
}

/**
 * The one submit cycle of mf-auth's forms: check the fields and show their messages; send only when all are
 * right and nothing is in flight; a refusal puts the API's field messages on the fields, then `onRefused` may
 * react to it (e.g. offer registration).
 */
export function useFormSubmit(check: () => FormErrors, send: () => Promise<void>, onRefused?: (error: unknown) => Promise<void> | void): FormSubmit {
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (!isValid(found) || busy) return;
    setBusy(true);
    try {
      await send();
    } catch (error) {
      setErrors(serverErrors(error));
      await onRefused?.(error);
    } finally {
      setBusy(false);
    }
  };

  return { errors, setErrors, busy, submit };
}
