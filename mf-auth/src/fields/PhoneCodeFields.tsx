import { useState, type Dispatch, type SetStateAction } from 'react';
import { DEFAULT_COUNTRY_CODE } from 'shared-kernel';
import type { CodeReason, PhoneValue } from '../api/accounts';
import type { FormErrors } from '../forms/form-errors';
import { CodeField } from './CodeField';
import { PhoneInput } from './PhoneInput';

/** A phone number (default country code 86) and an SMS code: the state every code form starts from. */
export function usePhoneAndCode() {
  const [phone, setPhone] = useState<PhoneValue>({ countryCode: DEFAULT_COUNTRY_CODE, number: '' });
  const [code, setCode] = useState('');
  return { phone, setPhone, code, setCode };
}

interface Props extends ReturnType<typeof usePhoneAndCode> {
  reason: CodeReason;
  errors: FormErrors;
  setErrors: Dispatch<SetStateAction<FormErrors>>;
}

/** The phone row and the code row of a form; a send refused for the phone shows its message on the phone row. */
export function PhoneCodeFields({ phone, setPhone, code, setCode, reason, errors, setErrors }: Props) {
  return (
    <>
      <PhoneInput value={phone} onChange={setPhone} error={errors.phone} />
      <CodeField
        phone={phone}
        reason={reason}
        value={code}
        onChange={setCode}
        error={errors.code}
        onPhoneError={(message) => setErrors((e) => ({ ...e, phone: message }))}
      />
    </>
  );
}
