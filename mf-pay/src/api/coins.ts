import type { CoinBalance, CoinPayAnswer, PublicKeyAnswer, Withdrawal, WithdrawalPage, WithdrawBody, WithdrawQuote } from 'contracts';
import { encryptPassword, http } from 'shared-kernel';

export type { CoinBalance, CoinPayAnswer, Withdrawal, WithdrawBody, WithdrawQuote } from 'contracts';

/** GET /api/coin-balance/: my coins. Beside the order page's choices: quiet, a failure only hides the coin option. */
export const getCoinBalance = () => http.get<CoinBalance>('/coin-balance/', { background: true, skipErrorToast: true }).then((r) => r.data);

/** POST /api/coin-pay/docs/{id}/: buys the document with coins (1 coin per fen); a refusal is the kernel's toast. */
export const payDocWithCoins = (docsId: number) => http.post<CoinPayAnswer>(`/coin-pay/docs/${docsId}/`).then((r) => r.data);

/** GET /api/withdraw/extra_withdraw_coin/: what I can withdraw now and why not more (a failure is shown by the page). */
export const getWithdrawQuote = () => http.get<WithdrawQuote>('/withdraw/extra_withdraw_coin/', { skipErrorToast: true }).then((r) => r.data);

/** POST /api/withdraw/: a new withdrawal; a 4xx is the kernel's toast with the API's message. */
/** POST /api/codes/self/: a LOGIN code to the account's own phone (the page only knows it masked). */
export const sendOwnCode = () => http.post<{ detail?: string }>('/codes/self/').then((r) => r.data);

export const createWithdrawal = (body: WithdrawBody) => http.post<Withdrawal>('/withdraw/', body).then((r) => r.data);

/** GET /api/withdraw/?page=: my withdrawals, newest first. */
export const listWithdrawals = (page: number, signal?: AbortSignal) =>
  http.get<WithdrawalPage>('/withdraw/', { params: { page }, signal }).then((r) => r.data);

/** GET /api/withdraw/{id}/: one withdrawal. Polled: no toast, no loading indicator. */
export const getWithdrawal = (id: number) => http.get<Withdrawal>(`/withdraw/${id}/`, { background: true, skipErrorToast: true }).then((r) => r.data);

/** POST /api/withdraw/{id}/cancel/: gives the coins back while it waits for review or for my confirmation. */
export const cancelWithdrawal = (id: number) => http.post<Withdrawal>(`/withdraw/${id}/cancel/`).then((r) => r.data);

let publicKey: Promise<string> | null = null;

/** The API's password key (GET /api/public-key/), once per page; a failed fetch is tried again next time. */
function passwordKey(): Promise<string> {
  publicKey ??= http.get<PublicKeyAnswer>('/public-key/').then(
    (r) => r.data.public_key,
    (error: unknown) => {
      publicKey = null;
      throw error;
    },
  );
  return publicKey;
}

/** The password as it leaves the page: RSA-OAEP under the API's key, as the login form sends it. */
export async function sealPassword(password: string): Promise<string> {
  return encryptPassword(password, await passwordKey());
}
