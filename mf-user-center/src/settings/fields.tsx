import { useEffect, useId, useState, type ReactNode } from 'react';
import { codeInput, CODE_RESEND_COOLDOWN_S, errorMessageOf, toastError, toastSuccess } from 'shared-kernel';
import { apiErrorOf } from './api';
import { S } from './texts';

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  type?: 'text' | 'password' | 'email' | 'tel';
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'tel' | 'text';
  maxLength?: number;
  /** Beside the input (a send-code button). */
  side?: ReactNode;
}

/** A labelled input with its error under it (announced to screen readers). */
export function TextField({ label, value, onChange, error, type = 'text', side, ...rest }: FieldProps) {
  const id = useId();
  return (
    <div className="st-field">
      <label htmlFor={id}>{label}</label>
      <div className="st-row">
        <input
          id={id}
          className={`st-input${error ? ' st-invalid' : ''}`}
          type={type}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
          onChange={(e) => onChange(e.target.value)}
          {...rest}
        />
        {side}
      </div>
      {error && (
        <p id={`${id}-err`} className="st-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * "获取验证码" for any code: `send` asks for it; the button then counts down 60 s (SPEC §4). `check` (optional)
 * gives a message that stops the sending (an empty address). A failure is shown as a toast or on the field.
 */
export function SendCodeButton({ send, check, onFieldError }: { send: () => Promise<void>; check?: () => string | null; onFieldError?: (m: string | null) => void }) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const click = async () => {
    const problem = check?.() ?? null;
    onFieldError?.(problem);
    if (problem) return;
    setSending(true);
    try {
      await send();
      toastSuccess(S.code.sent);
      setLeft(CODE_RESEND_COOLDOWN_S);
    } catch (error) {
      const field = Object.values(apiErrorOf(error).fields)[0];
      if (field && onFieldError) onFieldError(field);
      else toastError(errorMessageOf(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <button type="button" className="st-send" disabled={sending || left > 0} onClick={click}>
      {sending ? S.code.sending : left > 0 ? S.code.resendIn(left) : S.code.send}
    </button>
  );
}

/** A 6-digit code input (digits only) with its send button. */
export function CodeField(props: { value: string; onChange: (v: string) => void; error?: string | null; send: () => Promise<void>; check?: () => string | null; onSendError?: (m: string | null) => void; label?: string }) {
  return (
    <TextField
      label={props.label ?? S.code.label}
      value={props.value}
      onChange={(v) => props.onChange(codeInput(v))}
      error={props.error}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={S.code.placeholder}
      side={<SendCodeButton send={props.send} check={props.check} onFieldError={props.onSendError} />}
    />
  );
}

/** The form's submit button, disabled while it works. */
export function Submit({ busy, danger, children }: { busy: boolean; danger?: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={`st-submit${danger ? ' st-danger' : ''}`} disabled={busy}>
      {busy ? S.submitting : children}
    </button>
  );
}
