import { useId } from 'react';
import { formatPhoneInput, PHONE_INPUT_MAX_LENGTH } from 'shared-kernel';
import type { PhoneValue } from '../api/accounts';
import { TEXTS } from '../texts';
import { CountryPicker } from './CountryPicker';
import { FieldError } from './FieldError';

interface Props {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  error?: string | null;
  autoFocus?: boolean;
}

/** Phone input (SPEC §2, §5): country-code picker, then the number, digits only, spaced 3-4-4, at most 13 characters. */
export function PhoneInput({ value, onChange, error, autoFocus }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="ma-field">
      <label className="ma-sr-only" htmlFor={id}>
        手机号
      </label>
      <div className={`ma-control ma-phone${error ? ' ma-invalid' : ''}`}>
        <CountryPicker code={value.countryCode} onPick={(countryCode) => onChange({ ...value, countryCode })} />
        <input
          id={id}
          className="ma-input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          name="mobile"
          maxLength={PHONE_INPUT_MAX_LENGTH}
          placeholder={TEXTS.phonePlaceholder}
          value={value.number}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange({ ...value, number: formatPhoneInput(e.target.value) })}
        />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
