import { useId, useState } from 'react';
import type { CodeReason, PhoneValue } from '../api/accounts';
import { TEXTS } from '../texts';
import { FieldError } from './FieldError';
import { requestCode } from './send-code';

interface Props {
  phone: PhoneValue;
  reason: CodeReason;
  onSent: () => void;
}

/**
 * The phone's hourly cap is reached, maybe by strangers: its owner sends a code received earlier this hour as
 * `proof` and gets a new one (the security check may open first; docs/api.md, "SMS codes, owner and strangers").
 */
export function ProofPrompt({ phone, reason, onSent }: Props) {
  const id = useId();
  const [proof, setProof] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      const outcome = await requestCode(phone, reason, proof);
      if (outcome.ok) onSent();
      else setError(outcome.proofError ?? null);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="ma-field">
      <label htmlFor={id} className="ma-hint">
        {TEXTS.proofLabel}
      </label>
      <div className="ma-code-row">
        <div className={`ma-control ma-proof${error ? ' ma-invalid' : ''}`}>
          <input
            id={id}
            className="ma-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={TEXTS.proofHint}
            value={proof}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setProof(e.target.value.replace(/\D/g, '').slice(0, 6))}
          />
        </div>
        <button type="button" className="ma-send-code" disabled={sending || proof.length !== 6} onClick={send}>
          {TEXTS.proofSend}
        </button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
