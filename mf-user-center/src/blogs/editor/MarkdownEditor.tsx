import { useLayoutEffect, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react';
import { errorMessageOf } from 'shared-kernel';
import { uploadImage } from '../api';
import { BLOG_TEXTS } from '../texts';
import { applyTool, replaceOnce, type Edit, type Tool } from './format';
import { Preview } from './Preview';

const t = BLOG_TEXTS.editor;
const TOOLS: Tool[] = ['h2', 'bold', 'italic', 'strike', 'ul', 'ol', 'task', 'quote', 'code', 'link', 'table', 'image'];
const ICONS: Record<Tool, string> = { h2: 'H', bold: 'B', italic: 'I', strike: 'S', ul: '•', ol: '1.', task: '☑', quote: '❝', code: '</>', link: '链', table: '表', image: '图' };
const SHORTCUTS: Record<string, Tool> = { b: 'bold', i: 'italic', k: 'link' };
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const IMAGE_MAX_BYTES = 20 * 1024 * 1024;

interface Upload {
  key: number;
  name: string;
  pct: number;
  error?: string;
}

let uploadSeq = 0;

/**
 * The Markdown editor: a plain textarea (the browser's own input-method handling, selection, undo and
 * accessibility) with a toolbar, pictures pasted or dropped (uploaded with a progress bar, put in place), and the
 * kernel's preview beside it on a wide screen or behind a switch on a phone. Keys are never intercepted during an
 * input-method composition; `onComposing` tells the page so that nothing saves or rewrites the text mid-word.
 */
export function MarkdownEditor({ value, onChange, onComposing }: { value: string; onChange: (v: string) => void; onComposing?: (c: boolean) => void }) {
  const area = useRef<HTMLTextAreaElement>(null);
  const latest = useRef(value);
  latest.current = value;
  const selection = useRef<[number, number] | null>(null);
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [notice, setNotice] = useState('');
  const picker = useRef<HTMLInputElement>(null);

  useLayoutEffect(() => {
    const el = area.current;
    if (el && selection.current) {
      el.setSelectionRange(...selection.current);
      selection.current = null;
    }
  });

  const edit = (next: Edit) => {
    selection.current = [next.start, next.end];
    onChange(next.text);
    area.current?.focus();
  };
  const current = (): Edit => {
    const el = area.current;
    return { text: latest.current, start: el?.selectionStart ?? latest.current.length, end: el?.selectionEnd ?? latest.current.length };
  };
  const tool = (name: Tool) => {
    if (name === 'image') return picker.current?.click();
    edit(applyTool(name, current(), { link: t.linkText, image: t.imageAlt, code: '' }));
  };

  const upload = (files: File[]) => {
    setNotice('');
    for (const file of files) {
      if (!IMAGE_TYPES.includes(file.type)) return setNotice(t.notImage);
      if (file.size > IMAGE_MAX_BYTES) return setNotice(t.tooBig);
    }
    for (const file of files) {
      const key = ++uploadSeq;
      const name = file.name || 'image';
      const placeholder = `![${name}](uploading-${key})`;
      const at = current();
      edit({ text: at.text.slice(0, at.start) + placeholder + at.text.slice(at.end), start: at.start + placeholder.length, end: at.start + placeholder.length });
      setUploads((u) => [...u, { key, name, pct: 0 }]);
      const setOne = (patch: Partial<Upload>) => setUploads((u) => u.map((x) => (x.key === key ? { ...x, ...patch } : x)));
      uploadImage(file, (pct) => setOne({ pct })).then(
        (stored) => {
          onChange(replaceOnce(latest.current, placeholder, `![${name.replace(/[[\]]/g, '')}](${stored.url})`));
          setUploads((u) => u.filter((x) => x.key !== key));
        },
        (error) => {
          onChange(replaceOnce(latest.current, placeholder, ''));
          setOne({ error: t.uploadFailed(name, errorMessageOf(error)) });
        },
      );
    }
  };
  const imagesOf = (list: FileList | null | undefined) => [...(list ?? [])].filter((f) => f.type.startsWith('image/'));
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const images = imagesOf(e.clipboardData?.files);
    if (!images.length) return;
    e.preventDefault();
    upload(images);
  };
  const onDrop = (e: DragEvent<HTMLTextAreaElement>) => {
    const images = imagesOf(e.dataTransfer?.files);
    if (!images.length) return;
    e.preventDefault();
    upload(images);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // an input method owns the keys while it composes (Enter picks a candidate, not a new line)
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    const shortcut = (e.ctrlKey || e.metaKey) && !e.altKey ? SHORTCUTS[e.key.toLowerCase()] : undefined;
    if (shortcut) {
      e.preventDefault();
      tool(shortcut);
    }
  };

  return (
    <div className="ucb-editor" data-view={view}>
      <div className="ucb-bar">
        <div role="toolbar" aria-label={t.toolbar} className="ucb-tools">
          {TOOLS.map((name) => (
            <button key={name} type="button" className="ucb-tool" title={BLOG_TEXTS.tools[name]} aria-label={BLOG_TEXTS.tools[name]} onMouseDown={(e) => e.preventDefault()} onClick={() => tool(name)}>
              <span aria-hidden="true">{ICONS[name]}</span>
            </button>
          ))}
        </div>
        <div className="ucb-switch" role="group" aria-label={`${t.edit}/${t.preview}`}>
          <button type="button" aria-pressed={view === 'edit'} onClick={() => setView('edit')}>{t.edit}</button>
          <button type="button" aria-pressed={view === 'preview'} onClick={() => setView('preview')}>{t.preview}</button>
        </div>
      </div>
      <input ref={picker} type="file" accept={IMAGE_TYPES.join(',')} multiple className="ucd-hidden" aria-label={t.pickImage} tabIndex={-1}
        onChange={(e) => { const files = [...(e.target.files ?? [])]; e.target.value = ''; if (files.length) upload(files); }} />
      {notice && <p className="ucd-field-error" role="alert">{notice}</p>}
      {uploads.length > 0 && (
        <ul className="ucb-uploads" aria-live="polite">
          {uploads.map((u) => (
            <li key={u.key}>
              {u.error ? <span className="ucd-field-error" role="alert">{u.error}</span> : (
                <span className="ucd-progress">
                  <span className="ucd-bar" role="progressbar" aria-valuenow={u.pct} aria-valuemin={0} aria-valuemax={100} aria-label={t.uploading(u.name, u.pct)}><span style={{ width: `${u.pct}%` }} /></span>
                  <span className="uc-small">{t.uploading(u.name, u.pct)}</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="ucb-panes">
        <textarea
          ref={area}
          className="ucb-text"
          aria-label={t.label}
          placeholder={t.placeholder}
          value={value}
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          onCompositionStart={() => onComposing?.(true)}
          onCompositionEnd={(e) => {
            onComposing?.(false);
            // some browsers end the composition after the last change event: keep the committed text
            if (e.currentTarget.value !== latest.current) onChange(e.currentTarget.value);
          }}
          onPaste={onPaste}
          onDrop={onDrop}
        />
        <Preview source={value} />
      </div>
    </div>
  );
}
