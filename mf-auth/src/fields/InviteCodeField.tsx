import { useEffect, useId, useRef, useState } from 'react';
import { errorMessageOf, inviteCodeInput, validateInviteCode } from 'shared-kernel';
import { checkInviteCode } from '../api/accounts';
import { TEXTS } from '../texts';
import { FieldError } from './FieldError';

interface Props {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  setError: (message: string | null) => void;
}

/** The optional invite code (SPEC §5: 5 digits, '邀请码不正确'): checked with the API once 5 digits are typed. */
export function InviteCodeField({ value, onChange, error, setError }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const [inviter, setInviter] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  // the latest setter, so only a new code starts a check
  const report = useRef(setError);
  report.current = setError;

  useEffect(() => {
    setInviter(null);
    if (validateInviteCode(value) !== null) return;
    let live = true;
    setChecking(true);
    checkInviteCode(value)
      .then((answer) => {
        if (live) setInviter(answer.inviter);
      })
      .catch((e: unknown) => {
        if (live) report.current(errorMessageOf(e));
      })
      .finally(() => {
        if (live) setChecking(false);
      });
    return () => {
      live = false;
    };
  }, [value]);

  return (
    <div className="ma-field">
      <label className="ma-sr-only" htmlFor={id}>
        {TEXTS.invite.label}
      </label>
      <div className={`ma-control${error ? ' ma-invalid' : ''}`}>
        <input
          id={id}
          className="ma-input"
          name="invite_code"
          inputMode="numeric"
          value={value}
          placeholder={TEXTS.invite.placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(inviteCodeInput(e.target.value))}
        />
      </div>
      <FieldError id={errorId} message={error} />
      {!error && (checking || inviter) ? (
        <p className="ma-muted" role="status">
          {checking ? TEXTS.invite.checking : TEXTS.invite.valid(inviter ?? '')}
        </p>
      ) : null}
    </div>
  );
}
