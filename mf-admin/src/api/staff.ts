// The staff APIs the console calls (contracts: uploads.ts, writing.ts, coins.ts, pay.ts, activities.ts, trust.ts; types only).
import type {
  AuditEntry,
  AuditPage,
  BlogRejectBody,
  CoinSettings,
  CoinSettingsPatch,
  DocRejectBody,
  ExpertApplication,
  ExpertApplicationPage,
  PaySettings,
  PaySettingsPatch,
  Penalty,
  PenaltyBody,
  PricePolicyCreateBody,
  PricePolicyPatchBody,
  RedPacket,
  ReportResolveBody,
  RightsComplaint,
  RightsComplaintPage,
  StaffActivity,
  StaffActivityBody,
  StaffActivityPage,
  StaffActivityPatch,
  StaffBlog,
  StaffBlogPage,
  StaffComment,
  StaffCommentPage,
  StaffDoc,
  StaffDocPage,
  StaffPricePolicy,
  StaffPricePolicyPage,
  StaffRedPacketBody,
  StaffReport,
  StaffReportPage,
  StaffUser,
  StaffUserPage,
  StaffWithdrawal,
  StaffWithdrawalPage,
  UploadSettings,
  TrustReasonBody,
  UploadSettingsPatch,
} from 'contracts';
import { http } from 'shared-kernel';

export type { CoinSettings, PaySettings, RedPacket, StaffActivity, StaffBlog, StaffDoc, StaffPricePolicy, StaffWithdrawal, UploadSettings };
export type { AuditEntry, ExpertApplication, Penalty, RightsComplaint, StaffComment, StaffReport, StaffUser };

const data = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data);
/** Lists: a failure is shown in the page's place (no toast); actions: the kernel's toast with the API's message. */
const quiet = { skipErrorToast: true } as const;

export const listDocs = (status: string, page: number) => data(http.get<StaffDocPage>('/staff/docs/', { ...quiet, params: { status, page } }));
export const approveDoc = (id: number) => data(http.post<StaffDoc>(`/staff/docs/${id}/approve/`));
export const rejectDoc = (id: number, body: DocRejectBody) => data(http.post<StaffDoc>(`/staff/docs/${id}/reject/`, body));

export const listBlogs = (status: string, page: number) => data(http.get<StaffBlogPage>('/staff/blogs/', { ...quiet, params: { status, page } }));
export const approveBlog = (id: number) => data(http.post<StaffBlog>(`/staff/blogs/${id}/approve/`));
export const rejectBlog = (id: number, body: BlogRejectBody) => data(http.post<StaffBlog>(`/staff/blogs/${id}/reject/`, body));

export const listWithdrawals = (state: string, page: number) =>
  data(http.get<StaffWithdrawalPage>('/staff/withdraw/', { ...quiet, params: { ...(state ? { state } : {}), page } }));
export const approveWithdrawal = (id: number) => data(http.post<StaffWithdrawal>(`/staff/withdraw/${id}/approve/`));
export const rejectWithdrawal = (id: number, reason: string) => data(http.post<StaffWithdrawal>(`/staff/withdraw/${id}/reject/`, { reason }));

export const getCoinSettings = () => data(http.get<CoinSettings>('/staff/settings/coins/', quiet));
export const patchCoinSettings = (body: CoinSettingsPatch) => data(http.patch<CoinSettings>('/staff/settings/coins/', body));
export const getPaySettings = () => data(http.get<PaySettings>('/staff/settings/pay/', quiet));
export const patchPaySettings = (body: PaySettingsPatch) => data(http.patch<PaySettings>('/staff/settings/pay/', body));
export const getUploadSettings = () => data(http.get<UploadSettings>('/staff/settings/uploads/', quiet));
export const patchUploadSettings = (body: UploadSettingsPatch) => data(http.patch<UploadSettings>('/staff/settings/uploads/', body));

export const listPolicies = (page: number) => data(http.get<StaffPricePolicyPage>('/staff/price-policy/', { ...quiet, params: { page } }));
export const createPolicy = (body: PricePolicyCreateBody) => data(http.post<StaffPricePolicy>('/staff/price-policy/', body));
export const patchPolicy = (id: number, body: PricePolicyPatchBody) => data(http.patch<StaffPricePolicy>(`/staff/price-policy/${id}/`, body));

export const listActivities = (page: number) => data(http.get<StaffActivityPage>('/staff/activities/', { ...quiet, params: { page } }));
export const createActivity = (body: StaffActivityBody) => data(http.post<StaffActivity>('/staff/activities/', body));
export const patchActivity = (id: number, body: StaffActivityPatch) => data(http.patch<StaffActivity>(`/staff/activities/${id}/`, body));
export const sendRedPacket = (body: StaffRedPacketBody) => data(http.post<RedPacket>('/staff/red-packets/', body));

// The trust-and-safety API (contracts/src/trust.ts).
export const listComplaints = (state: string, page: number) =>
  data(http.get<RightsComplaintPage>('/staff/rights-complaints/', { ...quiet, params: { ...(state ? { state } : {}), page } }));
/** One of the staff's decisions on a complaint: `take-down`, `request-info`, `reject`. */
export const decideComplaint = (id: number, decision: 'take-down' | 'request-info' | 'reject', reason: string) =>
  data(http.post<RightsComplaint>(`/staff/rights-complaints/${id}/${decision}/`, { reason } satisfies TrustReasonBody));

export const listReports = (status: string, page: number) => data(http.get<StaffReportPage>('/staff/reports/', { ...quiet, params: { status, page } }));
export const resolveReport = (id: number, body: ReportResolveBody) => data(http.post<StaffReport>(`/staff/reports/${id}/resolve/`, body));

/** `filter`: `shown` or `hidden`, optionally `:docs` or `:blogs` (the comments of one kind of item). */
export const listComments = (filter: string, page: number) => {
  const [status, target] = filter.split(':');
  return data(http.get<StaffCommentPage>('/staff/comments/', { ...quiet, params: { status, ...(target ? { target } : {}), page } }));
};
export const moderateComment = (id: number, action: 'hide' | 'show', reason: string) =>
  data(http.post<StaffComment>(`/staff/comments/${id}/${action}/`, { reason } satisfies TrustReasonBody));

export const listApplications = (state: string, page: number) => data(http.get<ExpertApplicationPage>('/staff/auth-apply/', { ...quiet, params: { state, page } }));
export const approveApplication = (id: number) => data(http.post<ExpertApplication>(`/staff/auth-apply/${id}/approve/`));
export const rejectApplication = (id: number, reason: string) => data(http.post<ExpertApplication>(`/staff/auth-apply/${id}/reject/`, { reason }));

export const searchUsers = (q: string) => data(http.get<StaffUserPage>('/staff/users/', { ...quiet, params: { q } }));
export const imposePenalty = (body: PenaltyBody) => data(http.post<Penalty>('/staff/penalties/', body));
export const liftPenalty = (id: number) => data(http.delete<Penalty>(`/staff/penalties/${id}/`));

/** `filters`: the non-empty ones of staff (a uid), action (a prefix), target_type, target_id. */
export const listAudit = (filters: Record<string, string>, page: number) =>
  data(http.get<AuditPage>('/staff/audit/', { ...quiet, params: { ...filters, ...(filters.staff ? { staff: Number(filters.staff) } : {}), page } }));
