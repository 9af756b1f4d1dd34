import { useRef, useState, type DragEvent } from 'react';
import type { UploadSetting } from '../api/docs';
import { DOCS_TEXTS } from './texts';

const t = DOCS_TEXTS.pick;

/** Drop files here or pick them (several at once); a visitor is asked to log in instead. */
export function DropZone({ setting, loggedIn, onFiles, onLogin }: { setting: UploadSetting; loggedIn: boolean; onFiles: (files: File[]) => void; onLogin: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const accept = [...setting.types.documents, ...setting.types.images, ...setting.types.archives].map((e) => `.${e}`).join(',');
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!loggedIn) onLogin();
    else onFiles([...e.dataTransfer.files]);
  };
  return (
    <div className="ucd-drop" data-testid="drop-zone" data-over={over} onDragOver={(e) => { e.preventDefault(); setOver(true); }} onDragLeave={() => setOver(false)} onDrop={drop}>
      {loggedIn ? (
        <>
          <p className="ucd-drop-hint">{t.drop}</p>
          <button type="button" className="uc-btn uc-primary" onClick={() => input.current?.click()}>{t.choose}</button>
          <input
            ref={input}
            className="ucd-hidden"
            type="file"
            multiple
            accept={accept}
            aria-label={t.choose}
            tabIndex={-1}
            onChange={(e) => {
              onFiles([...(e.target.files ?? [])]);
              e.target.value = ''; // the same file may be picked again (to resume it)
            }}
          />
        </>
      ) : (
        <button type="button" className="uc-btn uc-primary" onClick={onLogin}>{t.login}</button>
      )}
      <p className="uc-muted uc-small">{t.hint}</p>
    </div>
  );
}
