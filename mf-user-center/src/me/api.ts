import type {
  AppVersionPage, BlogItem, CoinBalance, CollectFolder, DocItem, Feedback, FeedbackBody, FeedbackPage, Page, SdkPage, SiteDocument,
  PublicUserInfo, SelfUserInfo, SiteIcp, StoredImage, UserPatchAnswer, UserPatchBody,
} from 'contracts';
import { http } from 'shared-kernel';

export type { AppVersion, BlogItem, CollectFolder, DocItem, Feedback, Sdk, SiteDocument } from 'contracts';

/** GET /api/users/{id}/ (the contract's UserInfoAnswer): the public fields always, my own ones on my page. */
export type UserInfoAnswer = PublicUserInfo & Partial<Omit<SelfUserInfo, keyof PublicUserInfo>>;

/** GET /api/users/{id}/: my own info (id 0) or someone's public fields (the page shows the failure). */
export const getUser = (id: number) => http.get<UserInfoAnswer>(`/users/${id}/`, { skipErrorToast: true }).then((r) => r.data);

/** PATCH /api/users/0/: nickname, gender, intro, avatar (the form shows field errors itself). */
export const patchProfile = (body: Pick<UserPatchBody, 'nickname' | 'gender' | 'intro' | 'avatar'>) =>
  http.patch<UserPatchAnswer>('/users/0/', body, { skipErrorToast: true }).then((r) => r.data);

/** POST /api/img-storage/ (multipart: `file`, `purpose`): an avatar or a feedback screenshot. */
export function uploadImage(file: File, purpose: 'avatar' | 'feedback'): Promise<StoredImage> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file);
  return http.post<StoredImage>('/img-storage/', form, { skipErrorToast: true }).then((r) => r.data);
}

/** The first few of someone's published documents, blogs and (public, or mine) favourite folders, with counts. */
export const listUserDocs = (uid: number) => http.get<Page<DocItem>>('/docs/', { params: { uploader: uid, page_size: 3, ordering: '-create_time' }, skipErrorToast: true }).then((r) => r.data);
export const listUserBlogs = (uid: number) => http.get<Page<BlogItem>>('/blogs/', { params: { author: uid, page_size: 3, ordering: '-create_time' }, skipErrorToast: true }).then((r) => r.data);
export const listUserFolders = (uid: number) => http.get<Page<CollectFolder>>('/collect-folder/', { params: { user: uid, page_size: 3 }, skipErrorToast: true }).then((r) => r.data);
export const getMyCoins = () => http.get<CoinBalance>('/coin-balance/', { skipErrorToast: true }).then((r) => r.data);

/** GET /api/user-agreement/ or /api/user-privacy/. */
export const getSiteDocument = (kind: 'user-agreement' | 'user-privacy') => http.get<SiteDocument>(`/${kind}/`, { skipErrorToast: true }).then((r) => r.data);

export const listSdks = (platform: 'android' | 'ios' | null, page: number, signal?: AbortSignal) =>
  http.get<SdkPage>('/sdk-list/', { params: { page, ...(platform ? { platform } : {}) }, signal }).then((r) => r.data);

/** GET /api/app-version-detail/?platform=: released versions, newest first. */
export const listVersions = (platform: 'android' | 'ios' | 'pc', page: number, signal?: AbortSignal) =>
  http.get<AppVersionPage>('/app-version-detail/', { params: { platform, page }, signal }).then((r) => r.data);

/** The newest version of a platform (the update checks: page 1, page_size 1). */
export const latestVersion = (platform: 'android' | 'ios' | 'pc') =>
  http
    .get<AppVersionPage>(platform === 'pc' ? '/pc-update/' : '/app-update/', { params: { page: 1, page_size: 1, ...(platform === 'pc' ? {} : { platform }) }, skipErrorToast: true })
    .then((r) => r.data.results[0] ?? null);

/** POST /api/app-down-click/: a click on a download button, counted (a failure never stops the download). */
export const countDownloadClick = (platform: 'android' | 'ios' | 'pc', version: string) =>
  http.post('/app-down-click/', { platform, version, source: '/app/site/app_down' }, { skipErrorToast: true }).catch(() => undefined);

export const sendFeedback = (body: FeedbackBody) => http.post<Feedback>('/feedback/', body, { skipErrorToast: true }).then((r) => r.data);
export const listMyFeedback = (page: number, signal?: AbortSignal) => http.get<FeedbackPage>('/feedback/', { params: { page }, signal }).then((r) => r.data);

/** GET /api/site-icp/: the ICP record and copyright line. */
export const getSiteIcp = () => http.get<SiteIcp>('/site-icp/', { skipErrorToast: true }).then((r) => r.data);
