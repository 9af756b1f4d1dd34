import { useRef, useState, type ReactNode } from 'react';
import { errorMessageOf, openLogin, toastError, useIsLoggedIn } from 'shared-kernel';
import { formatTime } from '../coins/format';
import { imageProblem } from '../me/ui';
import { PageFrame } from '../ui/Status';
import type { RightsComplaint } from './api';
import { uploadProof } from './api';
import { ensureTrustStyles } from './styles';
import { ID_TYPE_TEXT, TRUST_TEXTS } from './texts';

export { fieldErrorsOf } from '../me/ui';

const t = TRUST_TEXTS;

/** A trust page: the route's title, the page's styles, and a login prompt in place of the content for visitors. */
export function TrustPage({ route, children }: { route: string; children: ReactNode }) {
  ensureTrustStyles();
  const loggedIn = useIsLoggedIn();
  return (
    <PageFrame route={route}>
      {loggedIn ? (
        children
      ) : (
        <section className="uc-card">
          <p>{t.login}</p>
          <button type="button" className="uc-btn uc-primary" onClick={() => openLogin({ title: t.loginButton })}>{t.loginButton}</button>
        </section>
      )}
    </PageFrame>
  );
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  multiline?: boolean;
  type?: string;
  maxLength?: number;
  onChange: (value: string) => void;
}

/** A labelled text input or textarea with its hint and error (announced, tied by aria-describedby). */
export function TextField({ id, label, value, error, hint, multiline, type = 'text', maxLength, onChange }: FieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, className: 'uct-input', value, maxLength, 'aria-invalid': !!error, 'aria-describedby': described };
  return (
    <div className="uct-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea {...common} onChange={(e) => onChange(e.target.value)} /> : <input {...common} type={type} onChange={(e) => onChange(e.target.value)} />}
      {hint && <p id={`${id}-hint`} className="uct-hint">{hint}</p>}
      {error && <p id={`${id}-error`} className="uct-error" role="alert">{error}</p>}
    </div>
  );
}

export function FieldError({ message }: { message: string | undefined }) {
  return message ? <p className="uct-error" role="alert">{message}</p> : null;
}

/** Proof pictures: each goes to POST /api/img-storage/ when picked; the form keeps their urls. */
export function ProofPictures({ urls, max = 9, label, onChange }: { urls: string[]; max?: number; label?: string; onChange: (urls: string[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageProblem(file, { type: t.proofs.type, size: t.proofs.tooBig });
    if (problem) return void toastError(problem);
    setBusy(true);
    try {
      onChange([...urls, await uploadProof(file)]);
    } catch (error) {
      toastError(errorMessageOf(error));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="uct-field">
      <span className="uct-label">{label ?? t.proofs.label(urls.length, max)}</span>
      <ul className="uct-shots">
        {urls.map((url, i) => (
          <li key={url}>
            <img src={url} alt={t.proofs.alt(i + 1)} width={80} height={80} />
            <button type="button" className="uct-shot-remove" aria-label={t.proofs.remove(i + 1)} onClick={() => onChange(urls.filter((u) => u !== url))}>×</button>
          </li>
        ))}
      </ul>
      {urls.length < max && (
        <label className="uc-btn uct-add">
          {busy ? t.proofs.uploading : t.proofs.add}
          <input ref={input} className="uct-file" type="file" accept=".jpg,.jpeg,.png,image/jpeg,image/png" disabled={busy} onChange={(e) => void pick(e.target.files?.[0])} />
        </label>
      )}
    </div>
  );
}

export interface Identity {
  real_name: string;
  id_type: string;
  id_number: string;
  phone: string;
  email: string;
}

export const EMPTY_IDENTITY: Identity = { real_name: '', id_type: 'id_card', id_number: '', phone: '', email: '' };

/** The identity and contact elements a notice and a counter-statement both need (§14, §16). */
export function IdentityFields({ prefix, value, errors, onChange }: { prefix: string; value: Identity; errors: Record<string, string>; onChange: (v: Identity) => void }) {
  const set = (key: keyof Identity) => (v: string) => onChange({ ...value, [key]: v });
  return (
    <div className="uct-grid">
      <TextField id={`${prefix}-name`} label={t.identity.realName} value={value.real_name} error={errors.real_name} maxLength={50} onChange={set('real_name')} />
      <div className="uct-field">
        <label htmlFor={`${prefix}-idtype`}>{t.identity.idType}</label>
        <select id={`${prefix}-idtype`} className="uct-input" value={value.id_type} onChange={(e) => set('id_type')(e.target.value)}>
          {Object.entries(ID_TYPE_TEXT).map(([k, text]) => <option key={k} value={k}>{text}</option>)}
        </select>
      </div>
      <TextField id={`${prefix}-idno`} label={t.identity.idNumber} value={value.id_number} error={errors.id_number} hint={t.identity.masked} maxLength={30} onChange={set('id_number')} />
      <TextField id={`${prefix}-phone`} label={t.identity.phone} type="tel" value={value.phone} error={errors.phone} maxLength={20} onChange={set('phone')} />
      <TextField id={`${prefix}-email`} label={t.identity.email} type="email" value={value.email} error={errors.email} maxLength={100} onChange={set('email')} />
    </div>
  );
}

/** The identity fields the API asks for: the e-mail only when given. */
export function identityBody(v: Identity) {
  return { real_name: v.real_name.trim(), id_type: v.id_type as 'id_card', id_number: v.id_number.trim(), phone: v.phone.trim(), ...(v.email.trim() ? { email: v.email.trim() } : {}) };
}

/** Client-side checks of the identity fields (the API checks again): field -> message. */
export function identityProblems(v: Identity): Record<string, string> {
  const out: Record<string, string> = {};
  if (v.real_name.trim().length < 2) out.real_name = '请填写真实姓名或单位名称（2-50 字）';
  if (!/^[0-9A-Za-z-]{5,30}$/.test(v.id_number.trim())) out.id_number = '证件号码格式不正确';
  if (!/^[0-9+ -]{5,20}$/.test(v.phone.trim())) out.phone = '联系电话格式不正确';
  if (v.email.trim() && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v.email.trim())) out.email = '邮箱格式不正确';
  return out;
}

export function StateBadge({ state, text }: { state: string; text: string }) {
  return <span className="uct-state" data-state={state}>{text}</span>;
}

/** Every step of a complaint with its date, oldest first. */
export function StepList({ steps }: { steps: RightsComplaint['steps'] }) {
  return (
    <ol className="uct-steps">
      {steps.map((s, i) => (
        <li key={i} data-testid="step">
          <strong>{s.kind_text}</strong>
          <div className="uct-meta"><time dateTime={s.create_time}>{formatTime(s.create_time)}</time></div>
          {s.note && <p style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>{s.note}</p>}
        </li>
      ))}
    </ol>
  );
}
