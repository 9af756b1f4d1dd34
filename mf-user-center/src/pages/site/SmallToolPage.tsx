import { useState } from 'react';
import type { CutWords } from 'contracts';
import { http, toastError, toastSuccess } from 'shared-kernel';
import { ME_TEXTS } from '../../me/texts';
import { MePage } from '../../me/ui';

const t = ME_TEXTS.smalltool;
const MAX = 2000;

/** Characters, Chinese characters and lines of a text (code points, so an emoji or a rare character counts once). */
function counts(text: string): { chars: number; hanzi: number; lines: number } {
  const chars = [...text].length;
  const hanzi = (text.match(/\p{Script=Han}/gu) ?? []).length;
  const lines = text ? text.split('\n').length : 0;
  return { chars, hanzi, lines };
}

/**
 * /smalltool (SPEC §2 小工具): a writer's small tools for titles, summaries and keywords: a live word count, and the
 * site's own word segmentation (POST /api/cut-words/, the jieba cut search uses) with the words to copy.
 */
export default function SmallToolPage() {
  const [text, setText] = useState('');
  const [words, setWords] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const c = counts(text);
  const tooLong = c.chars > MAX;
  const cut = async () => {
    if (!text.trim()) return toastError(t.empty);
    setBusy(true);
    try {
      setWords((await http.post<CutWords>('/cut-words/', { text })).data.words);
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText((words ?? []).join(' '));
      toastSuccess(t.copied);
    } catch {
      toastError(t.copyFailed);
    }
  };
  return (
    <MePage route="smalltool">
      <section className="uc-card">
        <p>{t.lead}</p>
        <label className="me-label">
          {t.label}
          <textarea className="me-input" rows={8} placeholder={t.placeholder} value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <p className="uc-muted uc-small" data-testid="counts" aria-live="polite">
          {t.chars} {c.chars} · {t.hanzi} {c.hanzi} · {t.lines} {c.lines}
        </p>
        {tooLong && <p className="me-field-error" role="alert">{t.tooLong}</p>}
        <button type="button" className="uc-btn" disabled={busy || tooLong} onClick={() => void cut()}>{busy ? t.cutting : t.cut}</button>
      </section>
      {words && (
        <section className="uc-card" aria-label={t.cut}>
          <p className="uc-muted uc-small">{t.words(words.length)}</p>
          <ul className="me-chips" data-testid="words">
            {words.map((w, i) => <li key={`${i}-${w}`}>{w}</li>)}
          </ul>
          <button type="button" className="uc-btn" onClick={() => void copy()}>{t.copy}</button>
        </section>
      )}
    </MePage>
  );
}
