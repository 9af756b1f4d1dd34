import { useState, type FormEvent } from 'react';
import { errorMessageOf, toastError, toastSuccess, validateSmsCode } from 'shared-kernel';
import { apiErrorOf, proveIdentity, sendOwnCode } from './api';
import { CodeField, Submit, TextField } from './fields';
import { S } from './texts';

export type ProofValue = { password: string } | { code: string };

/**
 * The owner's proof: the login password, or a code sent to the account's own phone (when it has one). `onProof`
 * gets what was typed and does what needs it (POST /api/account-proof/, or the deletion itself); a field error of
 * its answer is shown on the field.
 */
export function ProofForm({ mobile, hasPassword = true, danger, submitLabel, onProof }: {
  mobile: string | null;
  hasPassword?: boolean;
  /** The submit is destructive (deleting the account): red. */
  danger?: boolean;
  submitLabel: string;
  onProof: (proof: ProofValue) => Promise<void>;
}) {
  const [by, setBy] = useState<'password' | 'code'>(hasPassword || !mobile ? 'password' : 'code');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = by === 'code' ? validateSmsCode(value) : value ? null : S.proof.password;
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await onProof(by === 'code' ? { code: value.trim() } : { password: value });
    } catch (err) {
      const { fields } = apiErrorOf(err);
      const message = fields.password ?? fields.code ?? fields.proof;
      if (message) setError(message);
      else toastError(errorMessageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const choose = (next: 'password' | 'code') => {
    setBy(next);
    setValue('');
    setError(null);
  };
  return (
    <form className="st-form" noValidate onSubmit={submit}>
      {mobile && hasPassword && (
        <div className="st-tabs" role="tablist">
          {(['password', 'code'] as const).map((k) => (
            <button key={k} type="button" role="tab" aria-selected={by === k} className={`st-tab${by === k ? ' st-on' : ''}`} onClick={() => choose(k)}>
              {k === 'password' ? S.proof.byPassword : S.proof.byCode}
            </button>
          ))}
        </div>
      )}
      {by === 'password' ? (
        <TextField label={S.proof.byPassword} type="password" autoComplete="current-password" value={value} onChange={setValue} error={error} placeholder={S.proof.password} />
      ) : (
        <>
          <p className="uc-muted uc-small">{S.proof.codeTo(mobile ?? '')}</p>
          <CodeField value={value} onChange={setValue} error={error} send={sendOwnCode} />
        </>
      )}
      <Submit busy={busy} danger={danger}>{submitLabel}</Submit>
    </form>
  );
}

/** The proof step of a security change: POST /api/account-proof/, then `onProved`. */
export function ProofStep({ mobile, hasPassword, onProved }: { mobile: string | null; hasPassword?: boolean; onProved: () => void }) {
  const prove = async (proof: ProofValue) => {
    await proveIdentity(proof);
    toastSuccess(S.proof.done);
    onProved();
  };
  return (
    <section className="uc-card" aria-labelledby="st-proof-title">
      <h2 id="st-proof-title" className="uc-h2">{S.proof.title}</h2>
      <p className="uc-muted uc-small">{S.proof.hint}</p>
      <ProofForm mobile={mobile} hasPassword={hasPassword} submitLabel={S.proof.submit} onProof={prove} />
    </section>
  );
}

/** True when a change was refused for want of a fresh proof (the page goes back to its proof step). */
export const needsProof = (error: unknown) => apiErrorOf(error).code === 'proof_required';
