import { useState } from 'react';
import type { StaffActivityBody } from 'contracts';
import { ACTIVITY_KIND_LABELS, ACTIVITY_KINDS, type ActivityKind } from 'contracts/enums';
import { toastSuccess, useLoad } from 'shared-kernel';
import { createActivity, listActivities, patchActivity, sendRedPacket, type StaffActivity } from '../api/staff';
import { TEXTS } from '../texts';
import { Pager } from '../ui/Pager';
import { formatTime, LoadError, Loading, PageFrame } from '../ui/Status';

const T = TEXTS.activities;

/** A datetime-local value ('2026-12-01T08:00', the browser's zone) as an ISO instant; null when it is none. */
function isoOf(local: string): string | null {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : null;
}

const INT = /^\d+$/;

function field(label: string, name: string, value: string, set: (v: string) => void, type = 'text') {
  return (
    <label className="ad-field">
      <span>{label}</span>
      <input name={name} type={type} value={value} onChange={(e) => set(e.target.value)} />
    </label>
  );
}

/** A new activity: kind, title, period, reward (the rest of its rules are editable by PATCH later). */
function ActivityForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [kind, setKind] = useState<ActivityKind>('upload_theme');
  const [v, setV] = useState({ title: '', summary: '', start: '', end: '', reward: '0', target: '0', inviter: '0' });
  const [error, setError] = useState('');
  const set = (key: keyof typeof v) => (value: string) => setV({ ...v, [key]: value });
  const submit = async () => {
    const start = isoOf(v.start);
    const end = isoOf(v.end);
    if (!v.title.trim()) return setError(`请填写${T.title}`);
    if (!start || !end) return setError(T.badTime);
    if (end <= start) return setError(T.endBeforeStart);
    if (![v.reward, v.target, v.inviter].every((n) => INT.test(n.trim()))) return setError(TEXTS.settings.invalid(T.reward));
    setError('');
    const body: StaffActivityBody = {
      kind, title: v.title.trim(), summary: v.summary.trim(), start_time: start, end_time: end,
      reward_coins: Number(v.reward), target_count: Number(v.target), inviter_coins: Number(v.inviter), active: true,
    };
    await createActivity(body).then(() => (toastSuccess(TEXTS.saved), onDone()), () => undefined);
  };
  return (
    <form className="ad-card ad-form ad-form-grid" data-testid="activity-form" onSubmit={(e) => (e.preventDefault(), void submit())}>
      <h2>{T.add}</h2>
      <label className="ad-field">
        <span>{T.kind}</span>
        <select name="kind" value={kind} onChange={(e) => setKind(e.target.value as ActivityKind)}>
          {ACTIVITY_KINDS.map((k) => <option key={k} value={k}>{ACTIVITY_KIND_LABELS[k]}</option>)}
        </select>
      </label>
      {field(T.title, 'title', v.title, set('title'))}
      {field(T.summary, 'summary', v.summary, set('summary'))}
      {field(T.start, 'start', v.start, set('start'), 'datetime-local')}
      {field(T.end, 'end', v.end, set('end'), 'datetime-local')}
      {field(T.reward, 'reward', v.reward, set('reward'))}
      {field(T.target, 'target', v.target, set('target'))}
      {field(T.inviterCoins, 'inviter', v.inviter, set('inviter'))}
      {error && <p className="ad-field-error" role="alert">{error}</p>}
      <div className="ad-actions">
        <button type="submit" className="ad-btn ad-primary">{T.create}</button>
        <button type="button" className="ad-btn" onClick={onCancel}>{TEXTS.cancel}</button>
      </div>
    </form>
  );
}

/** A red packet from the site's activity budget (POST /api/staff/red-packets/). */
function RedPacketForm() {
  const [v, setV] = useState({ title: '', total: '', shares: '', hours: '24' });
  const [error, setError] = useState('');
  const set = (key: keyof typeof v) => (value: string) => setV({ ...v, [key]: value });
  const submit = async () => {
    if (!v.title.trim()) return setError(`请填写${T.packetTitle}`);
    if (![v.total, v.shares, v.hours].every((n) => INT.test(n.trim()) && Number(n) > 0)) return setError(TEXTS.settings.invalid(`${T.totalCoins}、${T.shares}和${T.expireHours}`));
    setError('');
    const body = { title: v.title.trim(), total_coins: Number(v.total), shares: Number(v.shares), expire_hours: Number(v.hours) };
    await sendRedPacket(body).then((p) => {
      toastSuccess(T.packetSent(p.total_coins, p.shares));
      setV({ title: '', total: '', shares: '', hours: '24' });
    }, () => undefined);
  };
  return (
    <form className="ad-card ad-form ad-form-grid" data-testid="red-packet-form" onSubmit={(e) => (e.preventDefault(), void submit())}>
      <h2>{T.redPackets}</h2>
      {field(T.packetTitle, 'packet-title', v.title, set('title'))}
      {field(T.totalCoins, 'total', v.total, set('total'))}
      {field(T.shares, 'shares', v.shares, set('shares'))}
      {field(T.expireHours, 'hours', v.hours, set('hours'))}
      {error && <p className="ad-field-error" role="alert">{error}</p>}
      <div className="ad-actions">
        <button type="submit" className="ad-btn ad-primary">{T.sendPacket}</button>
      </div>
    </form>
  );
}

/** admin/activities: the activities (list, new, on/off) and the site's red packets. */
export default function ActivitiesPage() {
  const [page, setPage] = useState(1);
  const loaded = useLoad(`activities:${page}`, () => listActivities(page));
  const [adding, setAdding] = useState(false);
  const toggle = (a: StaffActivity) => patchActivity(a.id, { active: !a.active }).then(() => (toastSuccess(TEXTS.saved), loaded.reload()), () => undefined);
  return (
    <PageFrame route="admin.activities">
      <div className="ad-batch">
        <button type="button" className="ad-btn ad-primary" onClick={() => setAdding(true)}>{T.add}</button>
      </div>
      {adding && <ActivityForm onDone={() => (setAdding(false), loaded.reload())} onCancel={() => setAdding(false)} />}
      {loaded.error ? <LoadError error={loaded.error} onRetry={loaded.reload} /> : !loaded.data ? <Loading /> : (
        <div className="ad-table-wrap">
          <table className="ad-table" data-testid="activities">
            <thead>
              <tr>{[T.title, T.kind, T.time, T.reward, T.state, ''].map((h) => <th key={h}>{h}</th>)}</tr>
            </thead>
            <tbody>
              {loaded.data.results.map((a) => (
                <tr key={a.id} data-testid="queue-row">
                  <td>{a.title}</td>
                  <td>{a.kind_label}</td>
                  <td>{`${formatTime(a.start_time)} – ${formatTime(a.end_time)}`}</td>
                  <td>{a.reward_coins}</td>
                  <td>{a.active ? T.on : T.off}</td>
                  <td>
                    <button type="button" className="ad-btn" onClick={() => void toggle(a)}>{a.active ? T.toggleOff : T.toggleOn}</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {loaded.data && <Pager data={loaded.data} page={page} onPage={setPage} />}
      <RedPacketForm />
    </PageFrame>
  );
}
