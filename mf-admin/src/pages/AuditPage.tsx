import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useLoad } from 'shared-kernel';
import { listAudit, type AuditEntry } from '../api/staff';
import { TEXTS } from '../texts';
import { Pager } from '../ui/Pager';
import { formatTime, LoadError, Loading, PageFrame } from '../ui/Status';

const T = TEXTS.audit;
const FILTERS = [['staff', T.staff], ['action', T.action], ['target_type', T.targetType], ['target_id', T.targetId]] as const;
type Filter = (typeof FILTERS)[number][0];

/** A before/after pair, short (the whole JSON in the cell's title). */
function change(e: AuditEntry): string {
  const text = (v: unknown) => (v == null ? '—' : JSON.stringify(v));
  return e.before == null && e.after == null ? '—' : `${text(e.before)} → ${text(e.after)}`;
}

function AuditTable({ rows }: { rows: AuditEntry[] }) {
  return (
    <div className="ad-table-wrap">
      <table className="ad-table">
        <thead>
          <tr>
            {[T.time, T.staffCol, T.actionCol, T.target, T.reason, T.change].map((l) => <th key={l}>{l}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.id} data-testid="audit-row">
              <td>{formatTime(e.create_time)}</td>
              <td>{`${e.staff.nickname}（#${e.staff.uid}）`}</td>
              <td><code>{e.action}</code></td>
              <td>{`${e.target_type} #${e.target_id}`}</td>
              <td>{e.reason || '—'}</td>
              <td className="ad-change" title={change(e)}>{change(e)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** admin/audit: every staff action, newest first, searchable by staff, action prefix and target (admin). */
export default function AuditPage() {
  const [search, setSearch] = useSearchParams();
  const applied = Object.fromEntries(FILTERS.map(([k]) => [k, search.get(k) ?? ''])) as Record<Filter, string>;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const [form, setForm] = useState(applied);
  const [error, setError] = useState('');
  const filters = Object.fromEntries(Object.entries(applied).filter(([, v]) => v));
  const loaded = useLoad(JSON.stringify([filters, page]), () => listAudit(filters, page));
  const go = (values: Record<Filter, string>, p: number) =>
    setSearch({ ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v)), page: String(p) });
  const submit = () => {
    if (form.staff.trim() && !/^[1-9]\d*$/.test(form.staff.trim())) return setError(T.badStaff);
    setError('');
    go(form, 1);
  };
  return (
    <PageFrame route="admin.audit">
      <form className="ad-card ad-form ad-form-grid" role="search" onSubmit={(e) => (e.preventDefault(), submit())}>
        {FILTERS.map(([key, label]) => (
          <label key={key} className="ad-field">
            <span>{label}</span>
            <input name={key} value={form[key]} maxLength={64} onChange={(e) => setForm({ ...form, [key]: e.target.value })} />
          </label>
        ))}
        {error && <p className="ad-field-error" role="alert">{error}</p>}
        <button type="submit" className="ad-btn ad-primary">{T.search}</button>
      </form>
      {loaded.error ? <LoadError error={loaded.error} onRetry={loaded.reload} />
        : loaded.loading ? <Loading />
        : loaded.data && (loaded.data.results.length === 0 ? <p className="ad-card ad-muted">{TEXTS.empty}</p> : <AuditTable rows={loaded.data.results} />)}
      {loaded.data && <Pager data={loaded.data} page={page} onPage={(p) => go(applied, p)} />}
    </PageFrame>
  );
}
