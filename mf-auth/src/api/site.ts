import type { SiteDocument } from 'contracts';
import { http } from 'shared-kernel';

export type TermsKind = 'user-agreement' | 'user-privacy';

/** GET /api/user-agreement/ or /api/user-privacy/: the text the consent line asks to agree to (plain text). */
export const getTerms = (kind: TermsKind) => http.get<SiteDocument>(`/${kind}/`, { skipErrorToast: true }).then((r) => r.data);
