import type { WithdrawChannel } from 'contracts/enums';
import { isDigitsOnly, validateEmail } from 'shared-kernel';
import type { WithdrawQuote } from '../api/coins';
import { TEXTS } from '../texts';
import { coinNumber, withdrawFee } from './coins';

/** The withdrawal form as typed. */
export interface WithdrawInput {
  coins: string;
  channel: WithdrawChannel | null;
  account: string;
  realName: string;
  /** The fresh proof: the login password, or an SMS code sent to the account's own phone. */
  proofType: 'password' | 'code';
  password: string;
  code: string;
}

export type WithdrawErrors = Partial<Record<keyof WithdrawInput, string>>;

const E = TEXTS.withdrawErrors;

/** The coins: a whole number within the minimum, what I can withdraw and the single maximum, more than its fee. */
export function validateCoins(value: string, quote: WithdrawQuote): string | null {
  const text = value.trim();
  if (text === '') return E.amountRequired;
  if (!isDigitsOnly(text)) return E.amountInteger;
  const coins = Number(text);
  if (coins < Math.max(1, quote.min_coins)) return E.belowMin(coinNumber(Math.max(1, quote.min_coins)));
  if (coins > quote.withdrawable) return E.aboveWithdrawable(coinNumber(quote.withdrawable));
  if (coins > quote.max_coins) return E.aboveMax(coinNumber(quote.max_coins));
  if (withdrawFee(coins, quote) >= coins) return E.feeTooHigh;
  return null;
}

/** An Alipay account: a phone as digits only (SPEC §5 payment-wallet phone), 5-20 of them, or an e-mail. */
export function validateAlipayAccount(value: string): string | null {
  const text = value.trim();
  if (text === '') return E.accountRequired;
  if (text.includes('@')) return validateEmail(text) ? E.account : null;
  return isDigitsOnly(text) && text.length >= 5 && text.length <= 20 ? null : E.account;
}

/** The real name Alipay checks against the account: 2-30 Chinese or Latin letters, '·' and spaces (the contract's rule). */
export function validateRealName(value: string): string | null {
  return /^[\u4e00-\u9fa5·A-Za-z ]{2,30}$/.test(value.trim()) ? null : E.realName;
}

/** Every broken field of the form, with its Chinese message; {} when it can be sent. */
export function validateWithdraw(input: WithdrawInput, quote: WithdrawQuote): WithdrawErrors {
  const errors: WithdrawErrors = {};
  const coins = validateCoins(input.coins, quote);
  if (coins) errors.coins = coins;
  if (!input.channel || !quote.channels[input.channel]) errors.channel = input.channel === 'wxpay' ? TEXTS.withdraw.bindWx : E.channel;
  if (input.channel === 'alipay') {
    const account = validateAlipayAccount(input.account);
    if (account) errors.account = account;
    const realName = validateRealName(input.realName);
    if (realName) errors.realName = realName;
  }
  if (input.proofType === 'password' && input.password === '') errors.password = E.password;
  if (input.proofType === 'code' && !/^[0-9]{6}$/.test(input.code.trim())) errors.code = E.code;
  return errors;
}
