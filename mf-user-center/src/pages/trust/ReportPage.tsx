import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorMessageOf, toastError, toastSuccess, useLoad } from 'shared-kernel';
import { docsIdOf, fileComplaint, getContact } from '../../trust/api';
import { TRUST_TEXTS } from '../../trust/texts';
import { EMPTY_IDENTITY, FieldError, fieldErrorsOf, identityBody, IdentityFields, identityProblems, ProofPictures, TextField, TrustPage } from '../../trust/ui';

const ROUTE = 'site.report';
const t = TRUST_TEXTS.report;
const EMPTY = { docs: '', work: '', urls: '', description: '', proofs: [] as string[], truth: false };

function problems(form: typeof EMPTY): Record<string, string> {
  const out: Record<string, string> = {};
  if (!docsIdOf(form.docs)) out.docs = t.docsInvalid;
  if (form.work.trim().length < 2) out.work = '请填写权利作品名称（2-200 字）';
  if (form.description.trim().length < 10) out.description = '请说明权属和侵权情况（10-2000 字）';
  if (!form.proofs.length) out.proofs = t.proofRequired;
  if (!form.truth) out.truth = t.truthRequired;
  return out;
}

/** The notice of 信息网络传播权保护条例 §14: who, how to reach them, the work, where it is here, and proof. */
function ComplaintForm({ onSent }: { onSent: (id: number) => void }) {
  const id = useId();
  const [identity, setIdentity] = useState(EMPTY_IDENTITY);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { ...identityProblems(identity), ...problems(form) };
    setErrors(found);
    if (Object.keys(found).length) return;
    setSending(true);
    try {
      const body = { ...identityBody(identity), docs: docsIdOf(form.docs) as number, work: form.work.trim(), urls: form.urls.trim(), description: form.description.trim(), proofs: form.proofs };
      const created = await fileComplaint(body);
      toastSuccess(t.sent);
      onSent(created.id);
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
      <IdentityFields prefix={id} value={identity} errors={errors} onChange={setIdentity} />
      <TextField id={`${id}-docs`} label={t.docs} hint={t.docsHint} value={form.docs} error={errors.docs} maxLength={500} onChange={set('docs')} />
      <TextField id={`${id}-work`} label={t.work} value={form.work} error={errors.work} maxLength={200} onChange={set('work')} />
      <TextField id={`${id}-urls`} label={t.urls} value={form.urls} error={errors.urls} multiline maxLength={2000} onChange={set('urls')} />
      <TextField id={`${id}-desc`} label={t.description} hint={t.descriptionHint} value={form.description} error={errors.description} multiline maxLength={2000} onChange={set('description')} />
      <ProofPictures urls={form.proofs} onChange={(proofs) => setForm((f) => ({ ...f, proofs }))} />
      <FieldError message={errors.proofs} />
      <label className="uct-check">
        <input type="checkbox" checked={form.truth} onChange={(e) => setForm((f) => ({ ...f, truth: e.target.checked }))} />
        <span>{t.truth}</span>
      </label>
      <FieldError message={errors.truth} />
      <div className="uct-actions">
        <button type="submit" className="uc-btn uc-primary" disabled={sending}>{sending ? t.submitting : t.submit}</button>
        <Link className="uc-btn" to="/app/user/myreport/list">{t.mine}</Link>
      </div>
    </form>
  );
}

/** site/report: the rights complaint the disclaimer points to (login required), with the e-mail alternative. */
export default function ReportPage() {
  const contact = useLoad('trust-contact', getContact);
  const [sent, setSent] = useState<number | null>(null);
  const email = contact.data?.email ?? '';
  return (
    <TrustPage route={ROUTE}>
      <section className="uc-card">
        <p className="uct-intro" data-testid="report-intro">{t.intro(email || '…')}</p>
        {email && <p className="uct-meta">{t.emailLabel}：<a href={`mailto:${email}`}>{email}</a></p>}
      </section>
      {sent === null ? (
        <ComplaintForm onSent={setSent} />
      ) : (
        <section className="uc-card" role="status">
          <p>{t.sent}</p>
          <Link className="uc-btn uc-primary" to={`/app/user/myreport/detail?id=${sent}`}>{TRUST_TEXTS.list.detail}</Link>
        </section>
      )}
    </TrustPage>
  );
}
