import type { WithdrawChannel } from 'contracts/enums';
import { useState, type FormEvent } from 'react';
import { ENCRYPT_FAILED_MESSAGE, toastError } from 'shared-kernel';
import { createWithdrawal, sealPassword, type Withdrawal, type WithdrawBody, type WithdrawQuote } from '../api/coins';
import { TEXTS } from '../texts';
import { AmountField, ChannelField, TextField } from './fields';
import { validateWithdraw, type WithdrawErrors, type WithdrawInput } from './validate';

const t = TEXTS.withdraw;

function firstChannel(quote: WithdrawQuote): WithdrawChannel | null {
  return quote.channels.alipay ? 'alipay' : quote.channels.wxpay ? 'wxpay' : null;
}

/**
 * The request as the API takes it. The proof is the login password, RSA-encrypted as the login form sends it: the
 * kernel's user info carries only a masked phone, so an SMS code to my own phone cannot be asked for from here.
 */
async function bodyOf(input: WithdrawInput): Promise<WithdrawBody> {
  const alipay = input.channel === 'alipay' ? { alipay_account: input.account.trim(), real_name: input.realName.trim() } : {};
  return {
    coins: Number(input.coins),
    channel: input.channel as WithdrawChannel,
    ...alipay,
    proof: { type: 'password', password: await sealPassword(input.password) },
  };
}

/** The withdrawal form: coins, where to, the Alipay account and name, and the password as a fresh proof. */
export function WithdrawForm({ quote, onDone }: { quote: WithdrawQuote; onDone: (withdrawal: Withdrawal) => void }) {
  const [input, setInput] = useState<WithdrawInput>(() => ({ coins: '', channel: firstChannel(quote), account: '', realName: '', password: '' }));
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
      <fieldset className="mp-methods">
        <legend className="mp-label">{t.proof}</legend>
        <TextField id="mp-withdraw-password" label={t.password} type="password" value={input.password} onChange={set('password')} error={errors.password} autoComplete="current-password" />
        <p className="mp-hint">{t.passwordHint}</p>
      </fieldset>
      <button type="submit" className="mp-btn mp-primary mp-big" disabled={busy}>{busy ? t.submitting : t.submit}</button>
    </form>
  );
}
