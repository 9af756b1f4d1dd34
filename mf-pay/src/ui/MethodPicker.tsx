import type { PayMethodName } from 'contracts/enums';
import { useId } from 'react';
import { TEXTS } from '../texts';

const ICON: Record<PayMethodName, string> = { wxpay: '微', alipay: '支' };

/** The pay method as a radio group (keyboard and screen readers as native radios). */
export function MethodPicker({
  methods,
  value,
  onChange,
  hint,
  disabled,
}: {
  methods: PayMethodName[];
  value: PayMethodName;
  onChange: (method: PayMethodName) => void;
  hint?: string;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="mp-methods" disabled={disabled}>
      <legend className="mp-label">{TEXTS.method.legend}</legend>
      <div className="mp-method-row">
        {methods.map((method) => (
          <label key={method} className={`mp-method mp-method-${method}`} data-checked={value === method || undefined}>
            <input type="radio" name={name} value={method} checked={value === method} onChange={() => onChange(method)} />
            <span className="mp-method-icon" aria-hidden="true">
              {ICON[method]}
            </span>
            <span>{TEXTS.method[method]}</span>
          </label>
        ))}
      </div>
      {hint && <p className="mp-hint">{hint}</p>}
    </fieldset>
  );
}
