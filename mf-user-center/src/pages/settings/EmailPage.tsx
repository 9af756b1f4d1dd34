import { useState, type FormEvent } from 'react';
import { errorMessageOf, navigate, routePath, toastError, toastSuccess, validateEmail, validateSmsCode } from 'shared-kernel';
import { apiErrorOf, changeEmail, sendEmailCode, type SelfUserInfo } from '../../settings/api';
import { CodeField, Submit, TextField } from '../../settings/fields';
import { rememberMe, SettingsFrame, useMe, WithMe } from '../../settings/frame';
import { needsProof, ProofStep } from '../../settings/proof';
import { S } from '../../settings/texts';

const T = S.email;
export type EmailMode = 'bind' | 'change' | 'unbind';

function EmailForm({ mode, onProofLost }: { mode: EmailMode; onProofLost: () => void }) {
  const action = mode === 'unbind' ? 'unbind' : 'bind';
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; code?: string | null }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = { email: action === 'bind' ? validateEmail(email) : null, code: validateSmsCode(code) };
    setErrors(next);
    if (next.email || next.code) return;
    setBusy(true);
    try {
      rememberMe(await changeEmail(action, code.trim(), email.trim()));
      toastSuccess(action === 'bind' ? T.bound : T.unbound);
      navigate(routePath('user.setting.account.item'));
    } catch (error) {
      if (needsProof(error)) return onProofLost();
      const { fields } = apiErrorOf(error);
      if (fields.email || fields.code) setErrors({ email: fields.email, code: fields.code });
      else toastError(errorMessageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="st-form" noValidate onSubmit={submit}>
      {action === 'bind' ? (
        <TextField label={mode === 'change' ? T.newLabel : T.label} type="email" inputMode="email" autoComplete="email" value={email} onChange={setEmail} error={errors.email} placeholder={T.placeholder} />
      ) : (
        <p className="uc-muted uc-small">{T.unbindHint}</p>
      )}
      <CodeField
        value={code}
        onChange={setCode}
        error={errors.code}
        check={() => (action === 'bind' ? validateEmail(email) : null)}
        onSendError={(m) => setErrors((s) => ({ ...s, email: m }))}
        send={() => sendEmailCode(action, email.trim())}
      />
      <Submit busy={busy}>{mode === 'unbind' ? T.unbindSubmit : mode === 'change' ? T.changeSubmit : T.bindSubmit}</Submit>
    </form>
  );
}

function Email({ me, mode }: { me: SelfUserInfo; mode: EmailMode }) {
  const [proved, setProved] = useState(false);
  // an unbind with nothing bound is a bind; a bind over a bound address is a change
  const actual: EmailMode = mode === 'unbind' && !me.email ? 'bind' : mode === 'bind' && me.email ? 'change' : mode;
  return (
    <>
      <p className="uc-muted">{me.email ? T.current(me.email) : T.none}</p>
      {proved ? (
        <section className="uc-card">
          <EmailForm mode={actual} onProofLost={() => setProved(false)} />
        </section>
      ) : (
        <ProofStep mobile={me.mobile} hasPassword={me.has_password} onProved={() => setProved(true)} />
      )}
    </>
  );
}

/** bind-email, set-email, change-email, unbind-email: a fresh proof, then a code by mail. */
function EmailPage({ route, mode }: { route: string; mode: EmailMode }) {
  const me = useMe();
  return (
    <SettingsFrame route={route}>
      <WithMe me={me}>{(info) => <Email me={info} mode={mode} />}</WithMe>
    </SettingsFrame>
  );
}

export const BindEmailPage = () => <EmailPage route="user.setting.account.bindEmail" mode="bind" />;
export const SetEmailPage = () => <EmailPage route="user.setting.account.setEmail" mode="bind" />;
export const ChangeEmailPage = () => <EmailPage route="user.setting.account.changeEmail" mode="change" />;
export const UnbindEmailPage = () => <EmailPage route="user.setting.account.unbindEmail" mode="unbind" />;
