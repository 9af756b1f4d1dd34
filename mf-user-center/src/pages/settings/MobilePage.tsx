import { useState, type FormEvent } from 'react';
import { errorMessageOf, formatPhoneInput, navigate, phoneDigits, routePath, toastError, toastSuccess, validatePhone, validatePhoneForCode, validateSmsCode } from 'shared-kernel';
import { apiErrorOf, changeMobile, sendNewPhoneCode, type SelfUserInfo } from '../../settings/api';
import { CodeField, Submit, TextField } from '../../settings/fields';
import { rememberMe, SettingsFrame, useMe, WithMe } from '../../settings/frame';
import { needsProof, ProofStep } from '../../settings/proof';
import { S } from '../../settings/texts';

const T = S.mobile;

function NewPhoneForm({ onProofLost }: { onProofLost: () => void }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ mobile?: string | null; code?: string | null }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = { mobile: validatePhone(phone), code: validateSmsCode(code) };
    setErrors(next);
    if (next.mobile || next.code) return;
    setBusy(true);
    try {
      rememberMe(await changeMobile(phoneDigits(phone), '86', code.trim()));
      toastSuccess(T.done);
      navigate(routePath('user.setting.account.item'));
    } catch (error) {
      if (needsProof(error)) return onProofLost();
      const { fields } = apiErrorOf(error);
      if (fields.mobile || fields.code) setErrors({ mobile: fields.mobile, code: fields.code });
      else toastError(errorMessageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="st-form" noValidate onSubmit={submit}>
      <TextField label={T.newLabel} type="tel" inputMode="tel" autoComplete="tel-national" maxLength={13} value={phone} onChange={(v) => setPhone(formatPhoneInput(v))} error={errors.mobile} placeholder={T.placeholder} />
      <CodeField
        value={code}
        onChange={setCode}
        error={errors.code}
        check={() => validatePhoneForCode(phone)}
        onSendError={(m) => setErrors((s) => ({ ...s, mobile: m }))}
        send={() => sendNewPhoneCode(phoneDigits(phone), '86')}
      />
      <Submit busy={busy}>{T.submit}</Submit>
    </form>
  );
}

function ChangeMobile({ me }: { me: SelfUserInfo }) {
  const [proved, setProved] = useState(false);
  return (
    <>
      <p className="uc-muted">{T.current(me.mobile ?? S.notBound)}</p>
      {proved ? (
        <section className="uc-card">
          <NewPhoneForm onProofLost={() => setProved(false)} />
        </section>
      ) : (
        <ProofStep mobile={me.mobile} hasPassword={me.has_password} onProved={() => setProved(true)} />
      )}
    </>
  );
}

/** user/setting/account/mobile: prove it is me (old phone's code or the password), then a code to the new phone. */
export default function MobilePage() {
  const me = useMe();
  return (
    <SettingsFrame route="user.setting.account.mobile">
      <WithMe me={me}>{(info) => <ChangeMobile me={info} />}</WithMe>
    </SettingsFrame>
  );
}
