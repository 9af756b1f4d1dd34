import { useEffect, useState } from 'react';
import { validatePhoneForCode } from 'shared-kernel';
import type { CodeReason, PhoneValue } from '../api/accounts';
import { TEXTS } from '../texts';
import { cooldownLeft, requestCode } from './send-code';

interface Props {
  phone: PhoneValue;
  reason: CodeReason;
  /** The phone's message ('手机号不能为空', a server's field error) or null once it is fine. */
  onPhoneError: (message: string | null) => void;
  /** The phone's cap is reached: the form offers the owner's proof (ProofPrompt). */
  onProofAsked?: () => void;
}

/** "获取验证码": checks the phone, sends the code, then stays disabled for 60 s counting down (SPEC §4, §9). */
export function SendCodeButton({ phone, reason, onPhoneError, onProofAsked }: Props) {
  const [sending, setSending] = useState(false);
  const [left, setLeft] = useState(() => cooldownLeft(phone));

  // the countdown follows the phone: another number has its own
  useEffect(() => {
    setLeft(cooldownLeft(phone));
  }, [phone]);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setLeft(cooldownLeft(phone)), 1000);
    return () => clearInterval(timer);
    // restarted only when counting starts or the phone changes, not on every tick
  }, [left > 0, phone]);

  const send = async () => {
    const problem = validatePhoneForCode(phone.number);
    onPhoneError(problem);
    if (problem) return;
    setSending(true);
    try {
      const outcome = await requestCode(phone, reason);
      if (!outcome.ok) onPhoneError(outcome.phoneError ?? null);
      if (!outcome.ok && outcome.proofAsked) onProofAsked?.();
      setLeft(cooldownLeft(phone));
    } finally {
      setSending(false);
    }
  };

  return (
    <button type="button" className="ma-send-code" disabled={sending || left > 0} aria-live="polite" onClick={send}>
      {sending ? TEXTS.sending : left > 0 ? TEXTS.resendIn(left) : TEXTS.sendCode}
    </button>
  );
}
