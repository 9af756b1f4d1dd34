import { useEffect, useState } from 'react';
import { toast, toastSuccess, useLoad } from 'shared-kernel';
import { TEXTS } from '../texts';
import { formatTime, LoadError, Loading } from './Status';

export interface SettingField {
  key: string;
  label: string;
  /** Empty input means null (the rule is off). */
  nullable?: boolean;
}

type Values = Record<string, number | null | string | undefined>;

/** An input's text as the value it stands for: a whole number, null (empty, where allowed), or undefined (invalid). */
function parse(text: string, nullable: boolean | undefined): number | null | undefined {
  const t = text.trim();
  if (t === '') return nullable ? null : undefined;
  return /^-?\d+$/.test(t) ? Number(t) : undefined;
}

/** The inputs' texts of stored values (null: empty). */
function textsOf(fields: SettingField[], v: Values): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.key, v[f.key] === null || v[f.key] === undefined ? '' : String(v[f.key])]));
}

/**
 * Whole-number settings read from the API, edited in place; 保存 sends only the changed fields (the API checks
 * the bounds and answers a Chinese 400, which the kernel toasts), then shows what the API stored.
 */
export function SettingsForm({ fields, load, save, testId }: { fields: SettingField[]; load: () => Promise<Values>; save: (patch: Record<string, number | null>) => Promise<Values>; testId: string }) {
  const loaded = useLoad('settings', load);
  const [stored, setStored] = useState<Values | null>(null);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const show = (v: Values) => {
    setStored(v);
    setTexts(textsOf(fields, v));
  };
  const data = loaded.data;
  useEffect(() => {
    if (!data) return;
    setStored(data);
    setTexts(textsOf(fields, data));
  }, [data, fields]);

  if (loaded.error) return <LoadError error={loaded.error} onRetry={loaded.reload} />;
  if (!stored) return <Loading />;

  const submit = async () => {
    const patch: Record<string, number | null> = {};
    const bad: Record<string, string> = {};
    for (const f of fields) {
      const value = parse(texts[f.key] ?? '', f.nullable);
      if (value === undefined) bad[f.key] = TEXTS.settings.invalid(f.label);
      else if (value !== stored[f.key]) patch[f.key] = value;
    }
    setErrors(bad);
    if (Object.keys(bad).length) return;
    if (!Object.keys(patch).length) return void toast(TEXTS.noChange);
    setBusy(true);
    try {
      show(await save(patch));
      toastSuccess(TEXTS.saved);
    } catch {
      /* the kernel toasted the API's message; the form keeps what was typed */
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ad-card ad-form" data-testid={testId} onSubmit={(e) => (e.preventDefault(), void submit())}>
      {fields.map((f) => (
        <label key={f.key} className="ad-field">
          <span>{f.label}</span>
          <input inputMode="numeric" name={f.key} value={texts[f.key] ?? ''} placeholder={f.nullable ? TEXTS.settings.nullable : undefined} aria-invalid={!!errors[f.key]}
            onChange={(e) => setTexts((t) => ({ ...t, [f.key]: e.target.value }))} />
          {errors[f.key] && <em className="ad-field-error">{errors[f.key]}</em>}
        </label>
      ))}
      {typeof stored.update_time === 'string' && <p className="ad-muted">{TEXTS.settings.updated(formatTime(stored.update_time))}</p>}
      <button type="submit" className="ad-btn ad-primary" disabled={busy}>
        {TEXTS.save}
      </button>
    </form>
  );
}

/** The fields of a settings page from its labels (texts.ts), the `nullable` ones allowed empty. */
export const fieldsOf = (labels: Record<string, string>, nullable: string[] = []): SettingField[] =>
  Object.entries(labels).map(([key, label]) => ({ key, label, nullable: nullable.includes(key) }));
