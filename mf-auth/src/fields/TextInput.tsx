import { useId } from 'react';
import { FieldError } from './FieldError';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  placeholder?: string;
  name: string;
  maxLength?: number;
  autoComplete?: string;
}

/** A plain labelled text input with its message. */
export function TextInput({ label, value, onChange, error, placeholder, name, maxLength, autoComplete }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="ma-field">
      <label className="ma-sr-only" htmlFor={id}>
        {label}
      </label>
      <div className={`ma-control${error ? ' ma-invalid' : ''}`}>
        <input
          id={id}
          className="ma-input"
          name={name}
          value={value}
          placeholder={placeholder}
          maxLength={maxLength}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
