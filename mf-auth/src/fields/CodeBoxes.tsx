import { useId, useRef, useState } from 'react';
import { CODE_LENGTH, codeInput } from 'shared-kernel';
import { TEXTS } from '../texts';

interface Props {
  value: string;
  onChange: (value: string) => void;
  length?: number;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Numeric code boxes (SPEC §5): digits only, 6 by default. One real input (so typing, pasting and the phone's
 * one-time-code autofill all work, and a screen reader hears one field) lies over the boxes that show it.
 */
export function CodeBoxes({ value, onChange, length = CODE_LENGTH, invalid, describedBy }: Props) {
  const id = useId();
  const [focused, setFocused] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const active = Math.min(value.length, length - 1);
  return (
    <div className={`ma-code${invalid ? ' ma-invalid' : ''}`} onClick={() => inputRef.current?.focus()}>
      <label className="ma-sr-only" htmlFor={id}>
        验证码
      </label>
      <input
        ref={inputRef}
        id={id}
        className="ma-code-input"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        name="code"
        pattern="[0-9]*"
        maxLength={length}
        placeholder={TEXTS.codePlaceholder}
        value={value}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onChange={(e) => onChange(codeInput(e.target.value, length))}
      />
      <div className="ma-code-boxes" aria-hidden="true">
        {Array.from({ length }, (_, i) => (
          <span key={i} className={`ma-code-box${focused && i === active ? ' ma-active' : ''}${value[i] ? ' ma-filled' : ''}`}>
            {value[i] ?? ''}
          </span>
        ))}
      </div>
    </div>
  );
}
