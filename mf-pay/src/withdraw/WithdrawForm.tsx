import type { WithdrawChannel } from 'contracts/enums';
import { useEffect, useState, type FormEvent } from 'react';
import { ENCRYPT_FAILED_MESSAGE, toastError, toastSuccess } from 'shared-kernel';
import { createWithdrawal, sealPassword, sendOwnCode, type Withdrawal, type WithdrawBody, type WithdrawQuote } from '../api/coins';
import { TEXTS } from '../texts';
import { AmountField, ChannelField, TextField } from './fields';
import { validateWithdraw, type WithdrawErrors, type WithdrawInput } from './validate';

const t = TEXTS.withdraw;

function firstChannel(quote: WithdrawQuote): WithdrawChannel | null {
  return quote.channels.alipay ? 'alipay' : quote.channels.wxpay ? 'wxpay' : null;
}

/**
 * The request as the API takes it. The proof is the login password, RSA-encrypted as the login form sends it, or
 * the SMS code POST /api/codes/self/ sent to the account's own phone.
 */
async function bodyOf(input: WithdrawInput): Promise<WithdrawBody> {
  const alipay = input.channel === 'alipay' ? { alipay_account: input.account.trim(), real_name: input.realName.trim() } : {};
  const proof =
    input.proofType === 'code' ? { type: 'code' as const, code: input.code.trim() } : { type: 'password' as const, password: await sealPassword(input.password) };
  return { coins: Number(input.coins), channel: input.channel as WithdrawChannel, ...alipay, proof };
}

const RESEND_S = 60;

/** 获取验证码: a code to my own phone, then the button waits out SPEC §9's 60 s before another. */
function SendOwnCode() {
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const send = async () => {
    setWait(RESEND_S);
    try {
      await sendOwnCode();
      toastSuccess(t.codeSent);
    } catch {
      setWait(0); // the kernel toasted why (or opened the captcha)
    }
  };
  return (
    <button type="button" className="mp-btn mp-small-btn" disabled={wait > 0} onClick={send}>
      {wait > 0 ? t.resendIn(wait) : t.sendCode}
    </button>
  );
}

/** The fresh proof: the password, or a code to my phone. */
function ProofFields({ input, set, errors }: { input: WithdrawInput; set: <K extends keyof WithdrawInput>(key: K) => (value: WithdrawInput[K]) => void; errors: WithdrawErrors }) {
  return (
    <fieldset className="mp-methods">
      <legend className="mp-label">{t.proof}</legend>
      <div className="mp-proof-choice" role="radiogroup" aria-label={t.proof}>
        {(['password', 'code'] as const).map((type) => (
          <label key={type} className="mp-proof-option">
            <input type="radio" name="mp-proof" checked={input.proofType === type} onChange={() => set('proofType')(type)} />
            {type === 'password' ? t.byPassword : t.byCode}
          </label>
        ))}
      </div>
      {input.proofType === 'password' ? (
        <>
          <TextField id="mp-withdraw-password" label={t.password} type="password" value={input.password} onChange={set('password')} error={errors.password} autoComplete="current-password" />
          <p className="mp-hint">{t.passwordHint}</p>
        </>
      ) : (
        <>
          <TextField id="mp-withdraw-code" label={t.code} value={input.code} onChange={set('code')} error={errors.code} autoComplete="one-time-code" />
          <SendOwnCode />
          <p className="mp-hint">{t.codeHint}</p>
        </>
      )}
    </fieldset>
  );
}

/** The withdrawal form: coins, where to, the Alipay account and name, and a fresh proof (password or SMS code). */
export function WithdrawForm({ quote, onDone }: { quote: WithdrawQuote; onDone: (withdrawal: Withdrawal) => void }) {
  const [input, setInput] = useState<WithdrawInput>(() => ({ coins: '', channel: firstChannel(quote), account: '', realName: '', proofType: 'password', password: '', code: '' }));
  const [errors, setErrors] = useState<WithdrawErrors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof WithdrawInput>(key: K) => (value: WithdrawInput[K]) => {
    setInput((i) => ({ ...i, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateWithdraw(input, quote);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      onDone(await createWithdrawal(await bodyOf(input)));
    } catch (error) {
      // the API's refusals are the kernel's toast; a password that cannot be encrypted is ours to say
      if (error instanceof Error && error.message === ENCRYPT_FAILED_MESSAGE) toastError(error.message);
      setBusy(false);
    }
  };

  return (
    <form className="mp-card mp-form" aria-labelledby="mp-withdraw-form-title" noValidate onSubmit={submit}>
      <h2 id="mp-withdraw-form-title" className="mp-h2">{t.form}</h2>
      <AmountField quote={quote} value={input.coins} onChange={set('coins')} error={errors.coins} />
      <ChannelField quote={quote} value={input.channel} onChange={set('channel')} error={errors.channel} />
      {input.channel === 'alipay' && (
        <>
          <TextField id="mp-withdraw-account" label={t.account} value={input.account} onChange={set('account')} error={errors.account} placeholder={t.accountPlaceholder} />
          <TextField id="mp-withdraw-name" label={t.realName} value={input.realName} onChange={set('realName')} error={errors.realName} placeholder={t.realNamePlaceholder} autoComplete="name" />
        </>
      )}
      <ProofFields input={input} set={set} errors={errors} />
      <button type="submit" className="mp-btn mp-primary mp-big" disabled={busy}>{busy ? t.submitting : t.submit}</button>
    </form>
  );
}
