import { useState } from 'react';
import { clearUser, navigate, toast } from 'shared-kernel';
import { deleteAccount, type SelfUserInfo } from './api';
import { ProofForm, type ProofValue } from './proof';
import { S } from './texts';

const T = S.deletion;

/** The deletion's date as the person reads it (2026-12-10). */
const day = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * 注销账号: what happens (the cooling-off period, documents, coins, orders), an explicit agreement, and a fresh
 * proof in the same request. Every session ends: the page leaves for the home page.
 */
export function DeleteAccount({ me }: { me: SelfUserInfo }) {
  const [open, setOpen] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [agreeError, setAgreeError] = useState<string | null>(null);
  const submit = async (proof: ProofValue) => {
    if (!agreed) {
      setAgreeError(T.mustAgree);
      return;
    }
    const answer = await deleteAccount(proof);
    toast(T.done(day(answer.delete_time)), { type: 'success', duration: 8000 });
    clearUser();
    navigate('/');
  };
  return (
    <section className="uc-card" aria-labelledby="st-delete-title">
      <h2 id="st-delete-title" className="uc-h2">{S.item.deleteTitle}</h2>
      {!open ? (
        <button type="button" className="st-mini st-warn" onClick={() => setOpen(true)}>{S.item.deleteTitle}</button>
      ) : (
        <>
          <p>{T.intro}</p>
          <ul className="st-points">
            {T.points.map((p) => <li key={p}>{p}</li>)}
          </ul>
          <label className="st-check">
            <input type="checkbox" checked={agreed} onChange={(e) => { setAgreed(e.target.checked); setAgreeError(null); }} />
            <span>{T.agree}</span>
          </label>
          {agreeError && <p className="st-error" role="alert">{agreeError}</p>}
          <ProofForm mobile={me.mobile} hasPassword={me.has_password} danger submitLabel={T.submit} onProof={submit} />
        </>
      )}
    </section>
  );
}
