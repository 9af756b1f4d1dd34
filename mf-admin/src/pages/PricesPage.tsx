import { useState } from 'react';
import type { PricePolicyCreateBody } from 'contracts';
import { formatFen, toastSuccess, useLoad } from 'shared-kernel';
import { createPolicy, listPolicies, patchPolicy, type StaffPricePolicy } from '../api/staff';
import { TEXTS } from '../texts';
import { Pager } from '../ui/Pager';
import { LoadError, Loading, PageFrame } from '../ui/Status';

const T = TEXTS.prices;

/** Yuan as typed ('9.9') in fen (990); null for empty; undefined when it is no amount. */
export function yuanToFen(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  return /^\d{1,7}(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : undefined;
}

const fenText = (fen: number | null | undefined) => (fen === null || fen === undefined ? '' : formatFen(fen, { symbol: false }));

interface Draft {
  name: string;
  price: string;
  original_price: string;
  downloads: string;
  valid_days: string;
  max_doc_price: string;
  sequence: string;
  description: string;
  recommended: boolean;
  active: boolean;
}

function draftOf(p: StaffPricePolicy | null): Draft {
  return {
    name: p?.name ?? '',
    price: fenText(p?.price),
    original_price: fenText(p?.original_price),
    downloads: p ? String(p.downloads) : '',
    valid_days: p ? String(p.valid_days) : '',
    max_doc_price: fenText(p?.max_doc_price),
    sequence: p ? String(p.sequence) : '0',
    description: p?.description ?? '',
    recommended: p?.recommended ?? false,
    active: p?.active ?? true,
  };
}

/** The body of a draft, or the Chinese message of its first broken field. */
function bodyOf(d: Draft): PricePolicyCreateBody | string {
  if (!d.name.trim()) return T.required(T.name);
  const price = yuanToFen(d.price);
  if (price === null || price === undefined) return price === null ? T.required(T.price) : T.badMoney(T.price);
  const original = yuanToFen(d.original_price);
  const maxDoc = yuanToFen(d.max_doc_price);
  if (original === undefined) return T.badMoney(T.originalPrice);
  if (maxDoc === undefined) return T.badMoney(T.maxDocPrice);
  const ints = { downloads: d.downloads, valid_days: d.valid_days, sequence: d.sequence };
  for (const [key, text] of Object.entries(ints)) if (!/^-?\d+$/.test(text.trim())) return TEXTS.settings.invalid(key === 'downloads' ? T.downloads : key === 'valid_days' ? T.validDays : T.sequence);
  return {
    name: d.name.trim(), price, original_price: original, max_doc_price: maxDoc, downloads: Number(d.downloads), valid_days: Number(d.valid_days),
    sequence: Number(d.sequence), description: d.description.trim(), recommended: d.recommended, active: d.active,
  };
}

function PolicyForm({ policy, onDone, onCancel }: { policy: StaffPricePolicy | null; onDone: () => void; onCancel: () => void }) {
  const [d, setD] = useState<Draft>(() => draftOf(policy));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const text = (key: keyof Draft, label: string) => (
    <label className="ad-field">
      <span>{label}</span>
      <input name={key} value={d[key] as string} onChange={(e) => setD({ ...d, [key]: e.target.value })} />
    </label>
  );
  const submit = async () => {
    const body = bodyOf(d);
    if (typeof body === 'string') return setError(body);
    setError('');
    setBusy(true);
    try {
      await (policy ? patchPolicy(policy.id, body) : createPolicy(body));
      toastSuccess(TEXTS.saved);
      onDone();
    } catch {
      setBusy(false); // the kernel toasted the API's message
    }
  };
  return (
    <form className="ad-card ad-form ad-form-grid" data-testid="policy-form" onSubmit={(e) => (e.preventDefault(), void submit())}>
      <h2>{policy ? `${T.edit}：${policy.name}` : T.add}</h2>
      {text('name', T.name)}
      {text('price', T.price)}
      {text('original_price', T.originalPrice)}
      {text('downloads', T.downloads)}
      {text('valid_days', T.validDays)}
      {text('max_doc_price', T.maxDocPrice)}
      {text('sequence', T.sequence)}
      {text('description', T.description)}
      <label className="ad-check">
        <input type="checkbox" checked={d.recommended} onChange={(e) => setD({ ...d, recommended: e.target.checked })} />
        {T.recommended}
      </label>
      <label className="ad-check">
        <input type="checkbox" checked={d.active} onChange={(e) => setD({ ...d, active: e.target.checked })} />
        {T.active}
      </label>
      {error && <p className="ad-field-error" role="alert">{error}</p>}
      <div className="ad-actions">
        <button type="submit" className="ad-btn ad-primary" disabled={busy}>{policy ? TEXTS.save : T.create}</button>
        <button type="button" className="ad-btn" onClick={onCancel}>{TEXTS.cancel}</button>
      </div>
    </form>
  );
}

/** admin/settings/prices: the download packages (GET/POST/PATCH /api/staff/price-policy/), edit, on and off sale. */
export default function PricesPage() {
  const [page, setPage] = useState(1);
  const loaded = useLoad(`policies:${page}`, () => listPolicies(page));
  const [editing, setEditing] = useState<StaffPricePolicy | 'new' | null>(null);
  const done = () => {
    setEditing(null);
    loaded.reload();
  };
  const toggle = async (p: StaffPricePolicy) => {
    await patchPolicy(p.id, { active: !p.active }).then(() => (toastSuccess(TEXTS.saved), loaded.reload()), () => undefined);
  };
  return (
    <PageFrame route="admin.prices">
      <div className="ad-batch">
        <button type="button" className="ad-btn ad-primary" onClick={() => setEditing('new')}>{T.add}</button>
      </div>
      {editing && <PolicyForm key={editing === 'new' ? 'new' : editing.id} policy={editing === 'new' ? null : editing} onDone={done} onCancel={() => setEditing(null)} />}
      {loaded.error ? <LoadError error={loaded.error} onRetry={loaded.reload} /> : !loaded.data ? <Loading /> : (
        <div className="ad-table-wrap">
          <table className="ad-table" data-testid="policies">
            <thead>
              <tr>{[T.name, T.priceCol, T.originalPriceCol, T.maxDocPriceCol, T.downloads, T.validDays, T.unit, T.recommended, T.active, ''].map((h) => <th key={h}>{h}</th>)}</tr>
            </thead>
            <tbody>
              {loaded.data.results.map((p) => (
                <tr key={p.id} data-testid="queue-row">
                  <td>{p.name}</td>
                  <td>{formatFen(p.price)}</td>
                  <td>{p.original_price === null ? '—' : formatFen(p.original_price)}</td>
                  <td>{p.max_doc_price === null ? T.unlimited : formatFen(p.max_doc_price)}</td>
                  <td>{p.downloads}</td>
                  <td>{p.valid_days}</td>
                  <td>{formatFen(p.unit_price)}</td>
                  <td>{p.recommended ? T.yes : T.no}</td>
                  <td>{p.active ? T.on : T.off}</td>
                  <td className="ad-actions">
                    <button type="button" className="ad-btn" onClick={() => setEditing(p)}>{T.edit}</button>
                    <button type="button" className="ad-btn" onClick={() => void toggle(p)}>{p.active ? T.toggleOff : T.toggleOn}</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {loaded.data && <Pager data={loaded.data} page={page} onPage={setPage} />}
    </PageFrame>
  );
}
