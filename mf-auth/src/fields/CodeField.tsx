import { useId } from 'react';
import type { CodeReason, PhoneValue } from '../api/accounts';
import { CodeBoxes } from './CodeBoxes';
import { FieldError } from './FieldError';
import { SendCodeButton } from './SendCodeButton';

interface Props {
  phone: PhoneValue;
  reason: CodeReason;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  onPhoneError: (message: string | null) => void;
}

/** The SMS code row: six boxes and the send button. */
export function CodeField({ phone, reason, value, onChange, error, onPhoneError }: Props) {
  const errorId = `${useId()}-error`;
  return (
    <div className="ma-field">
      <div className="ma-code-row">
        <CodeBoxes value={value} onChange={onChange} invalid={!!error} describedBy={error ? errorId : undefined} />
        <SendCodeButton phone={phone} reason={reason} onPhoneError={onPhoneError} />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
