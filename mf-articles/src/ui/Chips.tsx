export interface ChipOption<V extends string> {
  value: V;
  label: string;
}

/** A row of one-choice filter chips (aria-pressed buttons). */
export function Chips<V extends string>({ label, options, value, onChange }: { label: string; options: ChipOption<V>[]; value: V; onChange: (v: V) => void }) {
  return (
    <div className="ar-chips" role="group" aria-label={label}>
      <span className="ar-chips-label" aria-hidden="true">
        {label}
      </span>
      {options.map((o) => (
        <button key={o.value} type="button" className="ar-chip" aria-pressed={o.value === value} onClick={() => onChange(o.value)}>
          {o.label}
        </button>
      ))}
    </div>
  );
}
