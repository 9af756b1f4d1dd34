import { useState, type FormEvent } from 'react';
import { clearUser, errorMessageOf, navigate, routePath, toast, toastError, validatePassword } from 'shared-kernel';
import { apiErrorOf, changePassword, type SelfUserInfo } from '../../settings/api';
import { Submit, TextField } from '../../settings/fields';
import { SettingsFrame, useMe, WithMe } from '../../settings/frame';
import { needsProof, ProofStep } from '../../settings/proof';
import { S } from '../../settings/texts';

const T = S.pwd;
type Errors = { old?: string | null; password?: string | null; confirm?: string | null };

/** The new password (and the old one when there is one); on success every session ends: off to log in again. */
function PasswordForm({ hasPassword, onProofLost }: { hasPassword: boolean; onProofLost: () => void }) {
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {
      old: hasPassword && !old ? T.oldPlaceholder : null,
      password: validatePassword(password),
      confirm: confirm !== password ? T.mismatch : null,
    };
    setErrors(next);
    if (next.old || next.password || next.confirm) return;
    setBusy(true);
    try {
      const answer = await changePassword(hasPassword ? old : null, password);
      toast(answer.detail || S.changed, { type: 'success' });
      clearUser();
      navigate(routePath('user.login.mobile', {}, { form_type: 'login_mobile' }));
    } catch (error) {
      if (needsProof(error)) return onProofLost();
      const { fields } = apiErrorOf(error);
      if (fields.old_password || fields.password) setErrors({ old: fields.old_password, password: fields.password });
      else toastError(errorMessageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="st-form" noValidate onSubmit={submit}>
      {hasPassword && <TextField label={T.old} type="password" autoComplete="current-password" value={old} onChange={setOld} error={errors.old} placeholder={T.oldPlaceholder} />}
      <TextField label={T.new} type="password" autoComplete="new-password" value={password} onChange={setPassword} error={errors.password} placeholder={T.newPlaceholder} />
      <TextField label={T.confirm} type="password" autoComplete="new-password" value={confirm} onChange={setConfirm} error={errors.confirm} />
      <p className="uc-muted uc-small">{T.note}</p>
      <Submit busy={busy}>{T.submit}</Submit>
    </form>
  );
}

function Password({ me }: { me: SelfUserInfo }) {
  // an account without a password proves itself by a code first; the old password is the proof otherwise
  const [proved, setProved] = useState(me.has_password);
  if (!proved) {
    return (
      <>
        <p className="uc-muted">{T.noPassword}</p>
        <ProofStep mobile={me.mobile} hasPassword={me.has_password} onProved={() => setProved(true)} />
      </>
    );
  }
  return (
    <section className="uc-card">
      <PasswordForm hasPassword={me.has_password} onProofLost={() => setProved(false)} />
    </section>
  );
}

function PasswordPage({ route }: { route: string }) {
  const me = useMe();
  return (
    <SettingsFrame route={route}>
      <WithMe me={me}>{(info) => <Password me={info} />}</WithMe>
    </SettingsFrame>
  );
}

export const ChangePwdPage = () => <PasswordPage route="user.setting.account.changePwd" />;
export const PwdPage = () => <PasswordPage route="user.setting.account.pwd" />;
