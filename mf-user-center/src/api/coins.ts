import type { CoinBalance, CoinRecord, CoinRecordPage } from 'contracts';
import type { CoinRecordKind } from 'contracts/enums';
import { http } from 'shared-kernel';

export type { CoinBalance, CoinRecord } from 'contracts';

/** GET /api/coin-balance/: my coins by bucket (a failure is shown in the card's place). */
export const getCoinBalance = () => http.get<CoinBalance>('/coin-balance/', { skipErrorToast: true }).then((r) => r.data);

/** GET /api/coin-records/?kind=&page=: my coin records, newest first; no kind is every kind. */
export const listCoinRecords = (kind: CoinRecordKind | null, page: number, signal?: AbortSignal) =>
  http.get<CoinRecordPage>('/coin-records/', { params: { page, ...(kind ? { kind } : {}) }, signal }).then((r) => r.data);

/** GET /api/coin-records/{id}/: one record (its errors are shown by the page). */
export const getCoinRecord = (id: string) =>
  http.get<CoinRecord>(`/coin-records/${encodeURIComponent(id)}/`, { skipErrorToast: true }).then((r) => r.data);
