import { useState, type FormEvent } from 'react';
import { errorMessageOf, navigate, routePath, toastError, toastSuccess, useLoad } from 'shared-kernel';
import { apiErrorOf, listQuestions, setAnswers, updateAnswers, type Answer, type PwdQuestion, type SelfUserInfo } from '../../settings/api';
import { Submit, TextField } from '../../settings/fields';
import { SettingsFrame, useMe, WithMe } from '../../settings/frame';
import { needsProof, ProofStep } from '../../settings/proof';
import { S } from '../../settings/texts';
import { LoadError, Loading } from '../../ui/Status';

const T = S.questions;
const COUNT = 3;

/** Three questions picked from the list (or fixed: the old ones), each with its answer. */
function AnswerRows({ questions, fixed, answers, onChange, errors, prefix }: {
  questions: PwdQuestion[];
  fixed: boolean;
  answers: Answer[];
  onChange: (a: Answer[]) => void;
  errors: (string | null)[];
  prefix: string;
}) {
  const set = (i: number, patch: Partial<Answer>) => onChange(answers.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  return (
    <>
      {answers.map((a, i) => (
        <fieldset key={i} className="st-field" style={{ border: 0, padding: 0, margin: 0 }}>
          <label htmlFor={`${prefix}-q${i}`}>{T.pick(i + 1)}</label>
          {fixed ? (
            <p id={`${prefix}-q${i}`} className="uc-small">{questions.find((q) => q.id === a.question_id)?.question}</p>
          ) : (
            <select id={`${prefix}-q${i}`} className="st-select" value={a.question_id || ''} onChange={(e) => set(i, { question_id: Number(e.target.value) })}>
              <option value="">{T.choose}</option>
              {questions.map((q) => <option key={q.id} value={q.id}>{q.question}</option>)}
            </select>
          )}
          <TextField label={`${T.answer} ${i + 1}`} value={a.answer} onChange={(v) => set(i, { answer: v })} error={errors[i]} placeholder={T.answerPlaceholder} />
        </fieldset>
      ))}
    </>
  );
}

const empty = (): Answer[] => Array.from({ length: COUNT }, () => ({ question_id: 0, answer: '' }));

function check(answers: Answer[]): (string | null)[] {
  const ids = answers.map((a) => a.question_id);
  return answers.map((a, i) => (!a.question_id ? T.choose : ids.indexOf(a.question_id) !== i ? T.distinct : a.answer.trim() ? null : T.required));
}

function QuestionsForm({ questions, hasOld, onProofLost }: { questions: PwdQuestion[]; hasOld: boolean; onProofLost: () => void }) {
  const [old, setOld] = useState<Answer[]>(() => questions.filter((q) => q.selected).map((q) => ({ question_id: q.id, answer: '' })));
  const [answers, setNew] = useState<Answer[]>(empty);
  const [errors, setErrors] = useState<{ old: (string | null)[]; answers: (string | null)[] }>({ old: [], answers: [] });
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = { old: hasOld ? old.map((a) => (a.answer.trim() ? null : T.required)) : [], answers: check(answers) };
    setErrors(next);
    if ([...next.old, ...next.answers].some(Boolean)) return;
    setBusy(true);
    try {
      await (hasOld ? updateAnswers(old, answers) : setAnswers(answers));
      toastSuccess(T.done);
      navigate(routePath('user.setting.account.item'));
    } catch (error) {
      if (needsProof(error)) return onProofLost();
      const { fields } = apiErrorOf(error);
      if (fields.old_answers) setErrors({ old: old.map(() => fields.old_answers), answers: [] });
      else toastError(fields.answers ?? errorMessageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="st-form" noValidate onSubmit={submit}>
      {hasOld && (
        <>
          <h2 className="uc-h2">{T.oldTitle}</h2>
          <AnswerRows questions={questions} fixed answers={old} onChange={setOld} errors={errors.old} prefix="old" />
          <h2 className="uc-h2">{T.newTitle}</h2>
        </>
      )}
      <AnswerRows questions={questions} fixed={false} answers={answers} onChange={setNew} errors={errors.answers} prefix="new" />
      <Submit busy={busy}>{T.submit}</Submit>
    </form>
  );
}

function Questions({ me }: { me: SelfUserInfo }) {
  const [proved, setProved] = useState(false);
  const questions = useLoad('questions', listQuestions);
  if (!proved) return <ProofStep mobile={me.mobile} hasPassword={me.has_password} onProved={() => setProved(true)} />;
  if (questions.error) return <LoadError error={questions.error} onRetry={questions.reload} />;
  if (!questions.data) return <Loading />;
  return (
    <section className="uc-card">
      <QuestionsForm questions={questions.data} hasOld={me.has_pwd_protection} onProofLost={() => setProved(false)} />
    </section>
  );
}

/** user/setting/account/pwd_protection: three security questions, and where they are used. */
export default function PwdProtectionPage() {
  const me = useMe();
  return (
    <SettingsFrame route="user.setting.account.pwdProtection">
      <p className="uc-card uc-small">{T.intro}</p>
      <WithMe me={me}>{(info) => <Questions me={info} />}</WithMe>
    </SettingsFrame>
  );
}
