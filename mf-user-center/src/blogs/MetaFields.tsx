import { useState } from 'react';
import { errorMessageOf } from 'shared-kernel';
import { uploadImage, type DraftFields, type UploadCategory } from './api';
import { BLOG_TEXTS } from './texts';

const t = BLOG_TEXTS.fields;

/** Tags as typed: split on commas (either width), 、 and spaces; at most five, each at most 20 characters. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(/[,，、\s]+/).map((s) => s.trim().slice(0, 20)).filter(Boolean))].slice(0, 5);
}

/** Title, category, tags, summary and cover of a post. */
export function MetaFields({ fields, categories, onChange }: { fields: DraftFields; categories: UploadCategory[]; onChange: (p: Partial<DraftFields>) => void }) {
  const [tagText, setTagText] = useState(fields.tags.join('，'));
  const [cover, setCover] = useState<{ pct: number; error: string } | null>(null);
  const pickCover = (file: File | undefined) => {
    if (!file) return;
    setCover({ pct: 0, error: '' });
    uploadImage(file, (pct) => setCover({ pct, error: '' })).then(
      (img) => {
        setCover(null);
        onChange({ cover: img.url });
      },
      (error) => setCover({ pct: 0, error: errorMessageOf(error) }),
    );
  };
  return (
    <div className="ucd-fields ucb-meta">
      <div className="ucd-field">
        <label htmlFor="ucb-title">{t.title}</label>
        <input id="ucb-title" className="ucd-input ucb-title-input" maxLength={100} placeholder={t.titlePlaceholder} value={fields.title} onChange={(e) => onChange({ title: e.target.value })} />
      </div>
      <div className="ucd-row">
        <div className="ucd-field">
          <label htmlFor="ucb-category">{t.category}</label>
          <select id="ucb-category" className="ucd-input" value={fields.category || ''} onChange={(e) => onChange({ category: Number(e.target.value) })}>
            <option value="" disabled>{t.chooseCategory}</option>
            {categories.map((c) => <option key={c.id} value={c.id}>{c.full_name || c.name}</option>)}
          </select>
        </div>
        <div className="ucd-field ucb-grow">
          <label htmlFor="ucb-tags">{t.tags}</label>
          <input id="ucb-tags" className="ucd-input" aria-describedby="ucb-tags-hint" value={tagText}
            onChange={(e) => { setTagText(e.target.value); onChange({ tags: parseTags(e.target.value) }); }} />
          <span id="ucb-tags-hint" className="uc-small uc-muted">{t.tagsHint}</span>
        </div>
      </div>
      <div className="ucd-field">
        <label htmlFor="ucb-summary">{t.summary}</label>
        <textarea id="ucb-summary" className="ucd-input" rows={2} maxLength={300} placeholder={t.summaryPlaceholder} value={fields.summary} onChange={(e) => onChange({ summary: e.target.value })} />
      </div>
      <div className="ucd-field">
        <span className="ucd-label">{t.cover}</span>
        <div className="ucb-cover">
          {fields.cover && <img src={fields.cover} alt={t.coverAlt} />}
          <label className="uc-btn">
            {t.uploadCover}
            <input type="file" accept="image/jpeg,image/png,image/webp" className="ucd-hidden" onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; pickCover(f); }} />
          </label>
          {fields.cover && <button type="button" className="uc-link" onClick={() => onChange({ cover: '' })}>{t.removeCover}</button>}
        </div>
        {cover && (cover.error ? <p className="ucd-field-error" role="alert">{cover.error}</p> : <span className="ucd-bar" role="progressbar" aria-label={t.uploadCover} aria-valuenow={cover.pct}><span style={{ width: `${cover.pct}%` }} /></span>)}
      </div>
    </div>
  );
}
