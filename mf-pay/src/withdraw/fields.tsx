import type { WithdrawChannel } from 'contracts/enums';
import type { ReactNode } from 'react';
import { digitsOnly, formatFen } from 'shared-kernel';
import type { WithdrawQuote } from '../api/coins';
import { TEXTS } from '../texts';
import { arrivalFen, formatCoins, mostNow, withdrawFee } from './coins';

const t = TEXTS.withdraw;

export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? <p id={id} className="mp-field-error" role="alert">{message}</p> : null;
}

/** A labelled text input with its error under it (tied to it for screen readers). */
export function TextField(props: {
  id: string; label: string; value: string; onChange: (value: string) => void; error?: string;
  type?: string; inputMode?: 'numeric' | 'email' | 'text'; placeholder?: string; autoComplete?: string; after?: ReactNode;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className="mp-field">
      <label className="mp-field-label" htmlFor={props.id}>{props.label}</label>
      <div className="mp-field-row">
        <input
          id={props.id} className="mp-input" type={props.type ?? 'text'} inputMode={props.inputMode} value={props.value}
          placeholder={props.placeholder} autoComplete={props.autoComplete ?? 'off'} aria-invalid={!!props.error}
          aria-describedby={props.error ? errorId : undefined} onChange={(e) => props.onChange(e.target.value)}
        />
        {props.after}
      </div>
      <FieldError id={errorId} message={props.error} />
    </div>
  );
}

/** The coins to withdraw (digits only), 全部提现, and the fee and what arrives as it is typed. */
export function AmountField({ quote, value, onChange, error }: { quote: WithdrawQuote; value: string; onChange: (v: string) => void; error?: string }) {
  const coins = Number(value) || 0;
  const all = mostNow(quote);
  return (
    <>
      <TextField
        id="mp-withdraw-coins" label={t.amount} value={value} inputMode="numeric" placeholder={t.amountPlaceholder} error={error}
        onChange={(v) => onChange(digitsOnly(v, 12))}
        after={<button type="button" className="mp-btn mp-small-btn" disabled={all <= 0} onClick={() => onChange(String(all))}>{t.all}</button>}
      />
      <p className="mp-fee-line" aria-live="polite" data-testid="fee-line">
        {t.fee} {formatCoins(withdrawFee(coins, quote))}，{t.arrives} <strong>{formatFen(arrivalFen(coins, quote))}</strong>
      </p>
    </>
  );
}

/** 支付宝 / 微信; one the account cannot use is disabled with the reason (WeChat needs a WeChat login binding). */
export function ChannelField({ quote, value, onChange, error }: { quote: WithdrawQuote; value: WithdrawChannel | null; onChange: (c: WithdrawChannel) => void; error?: string }) {
  const options: [WithdrawChannel, string, string][] = [
    ['alipay', t.alipay, t.noAlipay],
    ['wxpay', t.wxpay, t.bindWx],
  ];
  return (
    <fieldset className="mp-methods">
      <legend className="mp-label">{t.channel}</legend>
      <div className="mp-method-row">
        {options.map(([channel, label]) => {
          const enabled = quote.channels[channel];
          return (
            <label key={channel} className={`mp-method mp-method-${channel}`} data-checked={value === channel || undefined} data-disabled={!enabled || undefined}>
              <input type="radio" name="mp-withdraw-channel" value={channel} checked={value === channel} disabled={!enabled}
                aria-describedby={enabled ? undefined : `mp-channel-${channel}-hint`} onChange={() => onChange(channel)} />
              {label}
            </label>
          );
        })}
      </div>
      {options.filter(([c]) => !quote.channels[c]).map(([c, , hint]) => (
        <p key={c} id={`mp-channel-${c}-hint`} className="mp-hint">{hint}</p>
      ))}
      <FieldError id="mp-channel-error" message={error} />
    </fieldset>
  );
}
