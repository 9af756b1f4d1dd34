import { useEffect, useRef } from 'react';
import type { BlogDraft, DraftFields } from './api';
import { BLOG_TEXTS } from './texts';

const t = BLOG_TEXTS.conflict;

/** Two saves of one draft met: both texts side by side, and the person decides (nothing was overwritten). */
export function ConflictDialog({ mine, theirs, onChoose }: { mine: DraftFields; theirs: BlogDraft; onChoose: (c: 'mine' | 'theirs' | 'both') => void }) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <div className="ucb-overlay">
      <div role="alertdialog" aria-modal="true" aria-labelledby="ucb-conflict-title" aria-describedby="ucb-conflict-intro" className="ucb-dialog">
        <h2 id="ucb-conflict-title" className="ucb-dialog-title">{t.title}</h2>
        <p id="ucb-conflict-intro">{t.intro}</p>
        <div className="ucb-versions">
          <label className="ucb-version">
            <span>{t.mine}</span>
            <textarea readOnly value={`${mine.title}\n\n${mine.content}`} />
          </label>
          <label className="ucb-version">
            <span>{t.theirs}</span>
            <textarea readOnly value={`${theirs.title}\n\n${theirs.content}`} />
          </label>
        </div>
        <div className="uc-actions">
          <button ref={first} type="button" className="uc-btn uc-primary" onClick={() => onChoose('mine')}>{t.keepMine}</button>
          <button type="button" className="uc-btn" onClick={() => onChoose('theirs')}>{t.takeTheirs}</button>
          <button type="button" className="uc-btn" onClick={() => onChoose('both')}>{t.keepBoth}</button>
        </div>
      </div>
    </div>
  );
}
