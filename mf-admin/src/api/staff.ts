// The staff APIs the console calls (contracts: uploads.ts, writing.ts, coins.ts, pay.ts, activities.ts; types only).
import type {
  BlogRejectBody,
  CoinSettings,
  CoinSettingsPatch,
  DocRejectBody,
  PaySettings,
  PaySettingsPatch,
  PricePolicyCreateBody,
  PricePolicyPatchBody,
  RedPacket,
  StaffActivity,
  StaffActivityBody,
  StaffActivityPage,
  StaffActivityPatch,
  StaffBlog,
  StaffBlogPage,
  StaffDoc,
  StaffDocPage,
  StaffPricePolicy,
  StaffPricePolicyPage,
  StaffRedPacketBody,
  StaffWithdrawal,
  StaffWithdrawalPage,
  UploadSettings,
  UploadSettingsPatch,
} from 'contracts';
import { http } from 'shared-kernel';

export type { CoinSettings, PaySettings, RedPacket, StaffActivity, StaffBlog, StaffDoc, StaffPricePolicy, StaffWithdrawal, UploadSettings };

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
