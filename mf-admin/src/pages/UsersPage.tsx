import { useState } from 'react';
import type { PenaltyKind } from 'contracts';
import { toastSuccess, useLoad } from 'shared-kernel';
import { imposePenalty, liftPenalty, searchUsers, type StaffUser } from '../api/staff';
import { TEXTS } from '../texts';
import { ReasonForm } from '../ui/ReasonForm';
import { formatTime, LoadError, Loading, PageFrame } from '../ui/Status';

const T = TEXTS.users;
const KINDS = Object.keys(T.kinds) as PenaltyKind[];

/** A datetime-local value as an ISO instant; null for none, undefined when it is not a time. */
function isoOf(local: string): string | null | undefined {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** A new penalty on one user: its kind, an optional end (none: until lifted) and the reason the user reads. */
function PenaltyForm({ user, onDone, onCancel }: { user: StaffUser; onDone: () => void; onCancel: () => void }) {
  const [kind, setKind] = useState<PenaltyKind>('no_comment');
  const [end, setEnd] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (reason: string) => {
    const endTime = isoOf(end);
    if (endTime === undefined) return setError(T.badTime);
    setError('');
    setBusy(true);
    await imposePenalty({ uid: user.uid, kind, reason, end_time: endTime }).then(() => (toastSuccess(T.imposed), onDone()), () => undefined);
    setBusy(false);
  };
  return (
    <div className="ad-card ad-form" data-testid="penalty-form">
      <label className="ad-field">
        <span>{T.kind}</span>
        <select name="kind" value={kind} onChange={(e) => setKind(e.target.value as PenaltyKind)}>
          {KINDS.map((k) => <option key={k} value={k}>{T.kinds[k]}</option>)}
        </select>
      </label>
      <label className="ad-field">
        <span>{T.endTime}</span>
        <input name="end_time" type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} />
      </label>
      {error && <p className="ad-field-error" role="alert">{error}</p>}
      <ReasonForm count={1} busy={busy} confirm={T.impose} onCancel={onCancel} onSubmit={(reason) => void submit(reason)} />
    </div>
  );
}

/** One user found: the account, the active penalties (each liftable) and a new one. */
function UserCard({ user, onChange }: { user: StaffUser; onChange: () => void }) {
  const [imposing, setImposing] = useState(false);
  const lift = (id: number) => liftPenalty(id).then(() => (toastSuccess(T.lifted), onChange()), () => undefined);
  return (
    <section className="ad-card" data-testid="user-card" aria-label={`${user.nickname}（#${user.uid}）`}>
      <h2>{`${user.nickname}（#${user.uid}）`}</h2>
      <dl className="ad-dl">
        <dt>{T.mobile}</dt>
        <dd>{user.mobile || '—'}</dd>
        <dt>{T.level}</dt>
        <dd>{`Lv${user.level}`}</dd>
        <dt>{T.active}</dt>
        <dd>{user.is_active ? T.enabled : T.disabled(user.inactive_reason)}</dd>
        <dt>{T.roles}</dt>
        <dd>{user.roles.map((r) => TEXTS.roles[r] ?? r).join('、') || T.none}</dd>
      </dl>
      <h3>{T.penalties}</h3>
      {user.penalties.length === 0 ? <p className="ad-muted">{T.none}</p> : (
        <ul className="ad-penalties">
          {user.penalties.map((p) => (
            <li key={p.id} data-testid="penalty">
              {`${p.kind_text || T.kinds[p.kind]}，${p.end_time ? T.until(formatTime(p.end_time)) : T.forever}：${p.reason}`}
              <button type="button" className="ad-btn" onClick={() => void lift(p.id)}>{T.lift}</button>
            </li>
          ))}
        </ul>
      )}
      {imposing ? (
        <PenaltyForm user={user} onCancel={() => setImposing(false)} onDone={() => (setImposing(false), onChange())} />
      ) : (
        <button type="button" className="ad-btn ad-danger" onClick={() => setImposing(true)}>{T.impose}</button>
      )}
    </section>
  );
}

/** admin/users: look a user up by phone, uid or nickname; impose and lift penalties (support). */
export default function UsersPage() {
  const [input, setInput] = useState('');
  const [q, setQ] = useState<string | null>(null);
  const [error, setError] = useState('');
  const loaded = useLoad(q, () => searchUsers(q ?? ''));
  const search = () => {
    const text = input.trim();
    if (!text) return setError(T.queryRequired);
    setError('');
    if (text === q) loaded.reload();
    else setQ(text);
  };
  return (
    <PageFrame route="admin.users">
      <form className="ad-card ad-search" role="search" onSubmit={(e) => (e.preventDefault(), search())}>
        <input name="q" aria-label={T.query} placeholder={T.query} value={input} maxLength={50} onChange={(e) => setInput(e.target.value)} />
        <button type="submit" className="ad-btn ad-primary">{T.search}</button>
        {error && <p className="ad-field-error" role="alert">{error}</p>}
      </form>
      {loaded.error ? <LoadError error={loaded.error} onRetry={loaded.reload} />
        : loaded.loading ? <Loading />
        : loaded.data && (loaded.data.results.length === 0 ? <p className="ad-card ad-muted">{TEXTS.empty}</p>
          : loaded.data.results.map((u) => <UserCard key={u.uid} user={u} onChange={loaded.reload} />))}
    </PageFrame>
  );
}
