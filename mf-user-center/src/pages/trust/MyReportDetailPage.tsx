import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessageOf, toastError, toastSuccess, useLoad } from 'shared-kernel';
import { formatTime } from '../../coins/format';
import { getComplaint, getContact, sendCounter, sendLawsuit, supplementComplaint, type RightsComplaint } from '../../trust/api';
import { ID_TYPE_TEXT, TRUST_TEXTS } from '../../trust/texts';
import {
  EMPTY_IDENTITY, FieldError, fieldErrorsOf, identityBody, IdentityFields, identityProblems, ProofPictures, StateBadge, StepList, TextField, TrustPage,
} from '../../trust/ui';
import { LoadError, Loading } from '../../ui/Status';

const ROUTE = 'user.myreport.detail';
const t = TRUST_TEXTS.detail;

/** Sends a form: field errors under their fields, anything else as a toast; `done` gets the new complaint. */
function useSend(done: (c: RightsComplaint) => void, sentText: string) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const send = async (found: Record<string, string>, call: () => Promise<RightsComplaint>) => {
    setErrors(found);
    if (Object.keys(found).length) return;
    setSending(true);
    try {
      const answer = await call();
      toastSuccess(sentText);
      done(answer);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (!Object.keys(fields).length) toastError(errorMessageOf(error));
    } finally {
      setSending(false);
    }
  };
  return { errors, sending, send };
}

/** The uploader's counter-statement (§16): the same identity elements, why it is not infringing, proof. */
function CounterForm({ complaint, done }: { complaint: RightsComplaint; done: (c: RightsComplaint) => void }) {
  const id = useId();
  const [identity, setIdentity] = useState(EMPTY_IDENTITY);
  const [statement, setStatement] = useState('');
  const [proofs, setProofs] = useState<string[]>([]);
  const { errors, sending, send } = useSend(done, t.counterSent);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = { ...identityProblems(identity) };
    if (statement.trim().length < 10) found.statement = '请说明不侵权的理由（10-2000 字）';
    if (!proofs.length) found.proofs = '请上传证明材料';
    void send(found, () => sendCounter(complaint.id, { ...identityBody(identity), statement: statement.trim(), proofs }));
  };
  return (
    <form className="uc-card uct-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="uc-h2">{t.counterTitle}</h2>
      <p className="uct-intro">{t.counterIntro}</p>
      <IdentityFields prefix={id} value={identity} errors={errors} onChange={setIdentity} />
      <TextField id={`${id}-statement`} label={t.statement} value={statement} error={errors.statement} multiline maxLength={2000} onChange={setStatement} />
      <ProofPictures urls={proofs} onChange={setProofs} />
      <FieldError message={errors.proofs} />
      <div className="uct-actions"><button type="submit" className="uc-btn uc-primary" disabled={sending}>{t.counterSubmit}</button></div>
    </form>
  );
}

/** The claimant tells, within the period, that they complained to an authority or sued (§17). */
function LawsuitForm({ complaint, days, done }: { complaint: RightsComplaint; days: number; done: (c: RightsComplaint) => void }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [proofs, setProofs] = useState<string[]>([]);
  const { errors, sending, send } = useSend(done, t.lawsuitSent);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = note.trim().length < 5 ? { note: '请说明投诉或起诉情况（5-1000 字）' } : {};
    void send(found, () => sendLawsuit(complaint.id, { note: note.trim(), proofs }));
  };
  return (
    <form className="uc-card uct-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="uc-h2">{t.lawsuitTitle}</h2>
      <p className="uct-intro">{t.lawsuitIntro(days)}</p>
      <TextField id={`${id}-note`} label={t.lawsuitNote} value={note} error={errors.note} multiline maxLength={1000} onChange={setNote} />
      <ProofPictures urls={proofs} onChange={setProofs} />
      <div className="uct-actions"><button type="submit" className="uc-btn uc-primary" disabled={sending}>{t.lawsuitSubmit}</button></div>
    </form>
  );
}

/** The claimant supplements an incomplete notice: more proof and a fuller description. */
function SupplementForm({ complaint, done }: { complaint: RightsComplaint; done: (c: RightsComplaint) => void }) {
  const id = useId();
  const [description, setDescription] = useState(complaint.description);
  const [proofs, setProofs] = useState<string[]>(complaint.proofs);
  const { errors, sending, send } = useSend(done, t.supplementSent);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = description.trim().length < 10 ? { description: '请说明权属和侵权情况（10-2000 字）' } : {};
    void send(found, () => supplementComplaint(complaint.id, { description: description.trim(), proofs }));
  };
  return (
    <form className="uc-card uct-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="uc-h2">{t.supplementTitle}</h2>
      <p className="uct-intro">{t.supplementIntro}</p>
      <TextField id={`${id}-desc`} label={TRUST_TEXTS.report.description} value={description} error={errors.description} multiline maxLength={2000} onChange={setDescription} />
      <ProofPictures urls={proofs} onChange={setProofs} />
      <div className="uct-actions"><button type="submit" className="uc-btn uc-primary" disabled={sending}>{t.supplementSubmit}</button></div>
    </form>
  );
}

function Facts({ c }: { c: RightsComplaint }) {
  const role = c.role === 'claimant' ? t.roleClaimant : c.role === 'uploader' ? t.roleUploader : t.roleStaff;
  return (
    <section className="uc-card" aria-label={t.notice}>
      <p className="uct-meta"><StateBadge state={c.state} text={c.state_text} /><span>{role}</span></p>
      <dl className="uct-dl">
        <dt>{t.docs}</dt><dd>{c.docs.title}</dd>
        <dt>{t.work}</dt><dd>{c.work}</dd>
        <dt>{TRUST_TEXTS.identity.realName}</dt><dd>{c.real_name}（{ID_TYPE_TEXT[c.id_type] ?? c.id_type} {c.id_number}）</dd>
        {c.phone && <><dt>{TRUST_TEXTS.identity.phone}</dt><dd>{c.phone}</dd></>}
        {c.urls && <><dt>{TRUST_TEXTS.report.urls}</dt><dd>{c.urls}</dd></>}
        <dt>{TRUST_TEXTS.report.description}</dt><dd>{c.description}</dd>
      </dl>
      {c.restore_due && c.state === 'counter_noticed' && <p className="uct-hint">{t.restoreDue(formatTime(c.restore_due))}</p>}
      {c.refundable_orders > 0 && c.role !== 'uploader' && <p className="uct-hint">{t.refundable(c.refundable_orders)}</p>}
    </section>
  );
}

function Counter({ counter }: { counter: NonNullable<RightsComplaint['counter']> }) {
  return (
    <section className="uc-card" aria-label={t.counter}>
      <h2 className="uc-h2">{t.counter}</h2>
      <dl className="uct-dl">
        <dt>{TRUST_TEXTS.identity.realName}</dt><dd>{counter.real_name}（{ID_TYPE_TEXT[counter.id_type] ?? counter.id_type} {counter.id_number}）</dd>
        <dt>{t.statement}</dt><dd>{counter.statement}</dd>
      </dl>
    </section>
  );
}

/** user/myreport/detail?id=: a complaint's facts, every step and date, and the form its reader may send now. */
export default function MyReportDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const [fresh, setFresh] = useState<RightsComplaint | null>(null);
  const loaded = useLoad(id ? `complaint:${id}` : null, () => getComplaint(id));
  const contact = useLoad('trust-contact', getContact);
  const c = fresh && fresh.id === id ? fresh : loaded.data;
  return (
    <TrustPage route={ROUTE}>
      {!id ? (
        <p className="uc-card">{t.missing} <Link to="/app/user/myreport/list">{TRUST_TEXTS.list.claimant}</Link></p>
      ) : loaded.error ? (
        <LoadError error={loaded.error} onRetry={loaded.reload} />
      ) : !c ? (
        <Loading />
      ) : (
        <>
          <Facts c={c} />
          {c.counter && <Counter counter={c.counter} />}
          <section className="uc-card" aria-label={t.steps}>
            <h2 className="uc-h2">{t.steps}</h2>
            <StepList steps={c.steps} />
          </section>
          {c.role === 'uploader' && c.state === 'taken_down' && <CounterForm complaint={c} done={setFresh} />}
          {c.role === 'claimant' && c.state === 'counter_noticed' && <LawsuitForm complaint={c} days={contact.data?.restore_days ?? 15} done={setFresh} />}
          {c.role === 'claimant' && c.state === 'incomplete' && <SupplementForm complaint={c} done={setFresh} />}
        </>
      )}
    </TrustPage>
  );
}
