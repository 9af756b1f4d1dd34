import type { ReactNode } from 'react';
import type { UploadCategory, UploadSetting } from '../api/docs';
import type { Draft, DraftErrors } from './draft';
import { DOCS_TEXTS } from './texts';

const t = DOCS_TEXTS.fields;

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="ucd-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && <p className="ucd-field-error" id={`${id}-error`} role="alert">{error}</p>}
    </div>
  );
}

const described = (id: string, error?: string) => (error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {});

interface Props {
  /** Unique on the page: several cards hold the same fields. */
  idPrefix: string;
  draft: Draft;
  errors: DraftErrors;
  categories: UploadCategory[];
  setting: UploadSetting;
  disabled?: boolean;
  onChange: (patch: Partial<Draft>) => void;
}

/** Title, description, category, free or paid with a price in 元, preview pages: the upload card's and the edit page's. */
export function DocFieldsForm({ idPrefix, draft, errors, categories, setting, disabled, onChange }: Props) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <fieldset className="ucd-fields" disabled={disabled}>
      <Field id={id('title')} label={t.title} error={errors.title}>
        <input id={id('title')} className="ucd-input" value={draft.title} maxLength={200} onChange={(e) => onChange({ title: e.target.value })} {...described(id('title'), errors.title)} />
      </Field>
      <Field id={id('summary')} label={t.summary} error={errors.summary}>
        <textarea id={id('summary')} className="ucd-input" rows={2} maxLength={1000} placeholder={t.summaryPlaceholder} value={draft.summary} onChange={(e) => onChange({ summary: e.target.value })} {...described(id('summary'), errors.summary)} />
      </Field>
      <Field id={id('category')} label={t.category} error={errors.category}>
        <select id={id('category')} className="ucd-input" value={draft.category} onChange={(e) => onChange({ category: e.target.value })} {...described(id('category'), errors.category)}>
          <option value="">{t.categoryPick}</option>
          {categories.map((c) => (
            <option key={c.id} value={String(c.id)}>{c.full_name || c.name}</option>
          ))}
        </select>
      </Field>
      <div className="ucd-row">
        <div className="ucd-field" role="radiogroup" aria-label={t.priceKind}>
          <span className="ucd-label">{t.priceKind}</span>
          <span className="ucd-radios">
            <label><input type="radio" name={id('paid')} checked={!draft.paid} onChange={() => onChange({ paid: false })} /> {t.free}</label>
            <label><input type="radio" name={id('paid')} checked={draft.paid} onChange={() => onChange({ paid: true })} /> {t.paid}</label>
          </span>
        </div>
        {draft.paid && (
          <Field id={id('price')} label={t.price} error={errors.price}>
            <input id={id('price')} className="ucd-input ucd-narrow" inputMode="decimal" value={draft.price} onChange={(e) => onChange({ price: e.target.value })} {...described(id('price'), errors.price)} />
          </Field>
        )}
        <Field id={id('preview')} label={t.previewPages} error={errors.previewPages}>
          <input id={id('preview')} className="ucd-input ucd-narrow" type="number" min={setting.preview_pages.min} max={setting.preview_pages.max} value={draft.previewPages} onChange={(e) => onChange({ previewPages: e.target.value })} {...described(id('preview'), errors.previewPages)} />
        </Field>
      </div>
    </fieldset>
  );
}
