import { useId, useState, type FormEvent } from 'react';
import { errorMessageOf, toastError, toastSuccess, useLoad, useUser } from 'shared-kernel';
import { formatTime } from '../../coins/format';
import { applyExpert, listApplications, type ExpertApplication } from '../../trust/api';
import { TRUST_TEXTS } from '../../trust/texts';
import { fieldErrorsOf, ProofPictures, StateBadge, TextField, TrustPage } from '../../trust/ui';
import { LoadError, Loading } from '../../ui/Status';

const ROUTE = 'user.authentication';
const t = TRUST_TEXTS.auth;
const EMPTY = { field: '', real_name: '', credentials: '', pictures: [] as string[] };

function ApplyForm({ onSent }: { onSent: () => void }) {
  const id = useId();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const set = (key: 'field' | 'real_name' | 'credentials') => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (form.field.trim().length < 2) found.field = '请填写专业领域（2-50 字）';
    if (form.real_name.trim().length < 2) found.real_name = '请填写真实姓名（2-50 字）';
    if (form.credentials.trim().length < 10) found.credentials = '请填写资历说明（10-2000 字）';
    setErrors(found);
    if (Object.keys(found).length) return;
    setSending(true);
    try {
      await applyExpert({ field: form.field.trim(), real_name: form.real_name.trim(), credentials: form.credentials.trim(), pictures: form.pictures });
      toastSuccess(t.sent);
      setForm(EMPTY);
      onSent();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (!Object.keys(fields).length) toastError(errorMessageOf(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="uc-card uct-form" onSubmit={(e) => void submit(e)} noValidate aria-label={t.submit}>
      <p className="uct-intro">{t.intro}</p>
      <div className="uct-grid">
        <TextField id={`${id}-field`} label={t.field} value={form.field} error={errors.field} maxLength={50} onChange={set('field')} />
        <TextField id={`${id}-name`} label={t.realName} value={form.real_name} error={errors.real_name} maxLength={50} onChange={set('real_name')} />
      </div>
      <TextField id={`${id}-cred`} label={t.credentials} hint={t.credentialsHint} value={form.credentials} error={errors.credentials} multiline maxLength={2000} onChange={set('credentials')} />
      <ProofPictures urls={form.pictures} label={`${t.pictures}（${form.pictures.length}/9）`} onChange={(pictures) => setForm((f) => ({ ...f, pictures }))} />
      <div className="uct-actions"><button type="submit" className="uc-btn uc-primary" disabled={sending}>{sending ? t.submitting : t.submit}</button></div>
    </form>
  );
}

function Applications({ items }: { items: ExpertApplication[] }) {
  if (!items.length) return <p className="uc-muted">{t.empty}</p>;
  return (
    <ul className="uct-list">
      {items.map((a) => (
        <li key={a.id} className="uct-item" data-testid="application">
          <div className="uct-item-main">
            <span className="uct-item-title">{a.field} · {a.real_name}</span>
            <span className="uct-meta"><time dateTime={a.create_time}>{formatTime(a.create_time)}</time></span>
            {a.reason && <span className="uct-meta">{t.reason}：{a.reason}</span>}
          </div>
          <StateBadge state={a.state} text={a.state_text} />
        </li>
      ))}
    </ul>
  );
}

/** user/authentication: apply for expert certification (level 3) and follow my applications. */
export default function AuthenticationPage() {
  const user = useUser();
  const [round, setRound] = useState(0);
  const mine = useLoad(`auth-apply:${round}`, listApplications);
  const items = mine.data?.results ?? [];
  const approved = items.some((a) => a.state === 'approved') || (user as { level?: number } | null)?.level === 3;
  const pending = items.some((a) => a.state === 'pending');
  return (
    <TrustPage route={ROUTE}>
      {approved ? (
        <p className="uc-card" role="status">{t.expert}</p>
      ) : pending ? (
        <p className="uc-card" role="status">{t.pending}</p>
      ) : mine.data ? (
        <ApplyForm onSent={() => setRound((r) => r + 1)} />
      ) : null}
      <section className="uc-card" aria-labelledby="uct-auth-mine">
        <h2 id="uct-auth-mine" className="uc-h2">{t.mine}</h2>
        {mine.error ? <LoadError error={mine.error} onRetry={mine.reload} /> : mine.data ? <Applications items={items} /> : <Loading />}
      </section>
    </TrustPage>
  );
}
