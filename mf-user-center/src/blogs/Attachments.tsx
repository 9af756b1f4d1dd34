import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessageOf, formatFen, formatFileSize } from 'shared-kernel';
import { deleteAppendix, listAppendices, uploadAppendix, type AppendixItem } from './api';
import { BLOG_TEXTS } from './texts';

const t = BLOG_TEXTS.attachments;

/** '2.5' yuan -> 250 fen; null when it is not a price from 0 to 500 yuan with at most two decimals. */
export function priceFen(text: string): number | null {
  const s = text.trim() || '0';
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(s)) return null;
  const fen = Math.round(Number(s) * 100);
  return fen <= 50000 ? fen : null;
}

/** A post's attachments (blogs-appendix-storage/): the list, an upload with its price, delete. */
export function Attachments({ blogId }: { blogId: number | null }) {
  const [items, setItems] = useState<AppendixItem[]>([]);
  const [name, setName] = useState('');
  const [price, setPrice] = useState('0');
  const [pct, setPct] = useState<number | null>(null);
  const [error, setError] = useState('');
  const file = useRef<HTMLInputElement>(null);
  const reload = useCallback(() => {
    if (blogId) listAppendices(blogId).then(setItems, (e) => setError(errorMessageOf(e)));
  }, [blogId]);
  useEffect(reload, [reload]);
  if (!blogId) {
    return (
      <section className="uc-card" aria-labelledby="ucb-att-title">
        <h2 id="ucb-att-title" className="ucb-h2">{t.heading}</h2>
        <p className="uc-muted">{t.saveFirst}</p>
      </section>
    );
  }
  const upload = async () => {
    const picked = file.current?.files?.[0];
    const fen = priceFen(price);
    setError('');
    if (fen === null) return setError(t.badPrice);
    if (!picked) return file.current?.focus();
    setPct(0);
    try {
      await uploadAppendix(blogId, picked, name.trim(), fen, setPct);
      if (file.current) file.current.value = '';
      setName('');
      reload();
    } catch (e) {
      setError(errorMessageOf(e));
    } finally {
      setPct(null);
    }
  };
  const remove = async (a: AppendixItem) => {
    if (!window.confirm(t.removeConfirm(a.name))) return;
    try {
      await deleteAppendix(a.id);
      reload();
    } catch (e) {
      setError(errorMessageOf(e));
    }
  };
  return (
    <section className="uc-card" aria-labelledby="ucb-att-title">
      <h2 id="ucb-att-title" className="ucb-h2">{t.heading}</h2>
      {items.length === 0 ? <p className="uc-muted">{t.empty}</p> : (
        <ul className="ucb-att-list">
          {items.map((a) => (
            <li key={a.id}>
              <span className="ucb-att-name">{a.name}</span>
              <span className="uc-small uc-muted">{formatFileSize(a.size)} · {a.price ? formatFen(a.price, { symbol: true }) : t.free} · {t.downloads(a.downloads)}</span>
              <button type="button" className="uc-link" onClick={() => void remove(a)}>{t.remove}</button>
            </li>
          ))}
        </ul>
      )}
      <div className="ucd-row">
        <div className="ucd-field"><label htmlFor="ucb-att-file">{t.file}</label><input id="ucb-att-file" ref={file} type="file" /></div>
        <div className="ucd-field"><label htmlFor="ucb-att-name">{t.name}</label><input id="ucb-att-name" className="ucd-input" maxLength={255} value={name} onChange={(e) => setName(e.target.value)} /></div>
        <div className="ucd-field"><label htmlFor="ucb-att-price">{t.price}</label><input id="ucb-att-price" className="ucd-input ucd-narrow" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} /></div>
      </div>
      {error && <p className="ucd-field-error" role="alert">{error}</p>}
      <div className="uc-actions">
        <button type="button" className="uc-btn" disabled={pct !== null} onClick={() => void upload()}>{pct === null ? t.upload : t.uploading(pct)}</button>
      </div>
    </section>
  );
}
