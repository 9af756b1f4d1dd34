import { useEffect, useId, useState } from 'react';
import type { CodeReason, PhoneValue } from '../api/accounts';
import { CodeBoxes } from './CodeBoxes';
import { FieldError } from './FieldError';
import { ProofPrompt } from './ProofPrompt';
import { SendCodeButton } from './SendCodeButton';

interface Props {
  phone: PhoneValue;
  reason: CodeReason;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  onPhoneError: (message: string | null) => void;
}

/** The SMS code row: six boxes and the send button; the owner's proof once the phone's cap is reached. */
export function CodeField({ phone, reason, value, onChange, error, onPhoneError }: Props) {
  const errorId = `${useId()}-error`;
  const [proofAsked, setProofAsked] = useState(false);
  // a proven send starts the phone's countdown: the button is made anew to read it
  const [provenSends, setProvenSends] = useState(0);
  useEffect(() => setProofAsked(false), [phone]);
  const proven = () => {
    setProofAsked(false);
    setProvenSends((n) => n + 1);
  };
  return (
    <div className="ma-field">
      <div className="ma-code-row">
        <CodeBoxes value={value} onChange={onChange} invalid={!!error} describedBy={error ? errorId : undefined} />
        <SendCodeButton key={provenSends} phone={phone} reason={reason} onPhoneError={onPhoneError} onProofAsked={() => setProofAsked(true)} />
      </div>
      <FieldError id={errorId} message={error} />
      {proofAsked && <ProofPrompt phone={phone} reason={reason} onSent={proven} />}
    </div>
  );
}
