import type {
  AuthApplyBody, ContentReport, CounterNoticeBody, ExpertApplication, LawsuitBody, Page, RightsComplaint, RightsComplaintBody,
  RightsComplaintPatch, TrustContact,
} from 'contracts';
import { http } from 'shared-kernel';

export type { ContentReport, ExpertApplication, RightsComplaint } from 'contracts';

const quiet = { skipErrorToast: true } as const;

export const getContact = () => http.get<TrustContact>('/trust-contact/', quiet).then((r) => r.data);
export const fileComplaint = (body: RightsComplaintBody) => http.post<RightsComplaint>('/rights-complaints/', body, quiet).then((r) => r.data);
export const listComplaints = (role: 'claimant' | 'uploader') =>
  http.get<Page<RightsComplaint>>('/rights-complaints/', { ...quiet, params: { role, page_size: 50 } }).then((r) => r.data);
export const getComplaint = (id: number) => http.get<RightsComplaint>(`/rights-complaints/${id}/`, quiet).then((r) => r.data);
export const supplementComplaint = (id: number, body: RightsComplaintPatch) => http.patch<RightsComplaint>(`/rights-complaints/${id}/`, body, quiet).then((r) => r.data);
export const sendCounter = (id: number, body: CounterNoticeBody) => http.post<RightsComplaint>(`/rights-complaints/${id}/counter/`, body, quiet).then((r) => r.data);
export const sendLawsuit = (id: number, body: LawsuitBody) => http.post<RightsComplaint>(`/rights-complaints/${id}/lawsuit/`, body, quiet).then((r) => r.data);
export const listReports = () => http.get<Page<ContentReport>>('/articles-report/', { ...quiet, params: { page_size: 50 } }).then((r) => r.data);
export const applyExpert = (body: AuthApplyBody) => http.post<ExpertApplication>('/auth-apply/', body, quiet).then((r) => r.data);
export const listApplications = () => http.get<Page<ExpertApplication>>('/auth-apply/', { ...quiet, params: { page_size: 50 } }).then((r) => r.data);

/** POST /api/img-storage/ (multipart `file`): a proof picture; the forms keep its url. */
export function uploadProof(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return http.post<{ url: string }>('/img-storage/', form, quiet).then((r) => r.data.url);
}

/** The document id in a link of the site (…/docs/detail/123, ?id=123) or a bare number; null otherwise. */
export function docsIdOf(text: string): number | null {
  const t = text.trim();
  const m = /^([0-9]{1,15})$/.exec(t) ?? /docs\/detail\/([0-9]{1,15})/.exec(t) ?? /[?&](?:id|docs)=([0-9]{1,15})/.exec(t);
  const id = m ? Number(m[1]) : 0;
  return id > 0 ? id : null;
}
