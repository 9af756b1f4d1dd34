import { useId, useState } from 'react';
import { TEXTS } from '../texts';
import { FieldError } from './FieldError';

interface Props {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** 'new-password' for registration, reset and activation: browsers offer to generate and save one. */
  autoComplete: 'current-password' | 'new-password';
  placeholder?: string;
  label?: string;
}

/** Password with a show/hide toggle. It is encrypted only when sent (api/accounts.ts sealPassword). */
export function PasswordInput({ value, onChange, error, autoComplete, placeholder = TEXTS.passwordPlaceholder, label = '密码' }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  return (
    <div className="ma-field">
      <label className="ma-sr-only" htmlFor={id}>
        {label}
      </label>
      <div className={`ma-control${error ? ' ma-invalid' : ''}`}>
        <input
          id={id}
          className="ma-input"
          type={visible ? 'text' : 'password'}
          name="password"
          autoComplete={autoComplete}
          maxLength={128}
          placeholder={placeholder}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="ma-icon-button ma-eye"
          aria-pressed={visible}
          aria-label={visible ? TEXTS.hidePassword : TEXTS.showPassword}
          onClick={() => setVisible(!visible)}
        >
          {visible ? '隐藏' : '显示'}
        </button>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
