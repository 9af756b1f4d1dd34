import type {
  ActivityClaim,
  ActivityClaimPage,
  ActivityDetail,
  ActivityPage,
  RedPacket,
  RedPacketBody,
  RedPacketOpened,
  RedPacketPage,
} from 'contracts';
import { http } from 'shared-kernel';

export type { Activity, ActivityClaim, ActivityDetail, RedPacket, RedPacketOpened } from 'contracts';

/** GET /api/activity-info/?page_size=100: every activity shown, with its rules (the rules page). */
export const listActivities = () => http.get<ActivityPage>('/activity-info/', { params: { page_size: 100 }, skipErrorToast: true }).then((r) => r.data.results);

/** GET /api/activity-info/{id}/: one activity and, logged in, my standing in it (its errors are shown by the page). */
export const getActivity = (id: string) => http.get<ActivityDetail>(`/activity-info/${encodeURIComponent(id)}/`, { skipErrorToast: true }).then((r) => r.data);

/** POST /api/theme-parti/: joins an upload theme; answers the detail with my progress. */
export const joinTheme = (activity: number) => http.post<ActivityDetail>('/theme-parti/', { activity }).then((r) => r.data);

/** POST /api/activity-parti/: claims a reached prize or the new-user gift. */
export const claimPrize = (activity: number) => http.post<ActivityClaim>('/activity-parti/', { activity }).then((r) => r.data);

/** GET /api/activity-parti/?page=: my claims, newest first. */
export const listClaims = (page: number, signal?: AbortSignal) => http.get<ActivityClaimPage>('/activity-parti/', { params: { page }, signal }).then((r) => r.data);

/** GET /api/activity-parti/{id}/: one claim. */
export const getClaim = (id: string) => http.get<ActivityClaim>(`/activity-parti/${encodeURIComponent(id)}/`, { skipErrorToast: true }).then((r) => r.data);

/** GET /api/red-packets/?box=&page=: red packets I opened, or sent. */
export const listPackets = (box: 'received' | 'sent', page: number, signal?: AbortSignal) =>
  http.get<RedPacketPage>('/red-packets/', { params: { box, page }, signal }).then((r) => r.data);

/** GET /api/red-packets/{id}/: one packet (a shared link), with my share if I opened it. */
export const getPacket = (id: string) => http.get<RedPacket>(`/red-packets/${encodeURIComponent(id)}/`, { skipErrorToast: true }).then((r) => r.data);

/** POST /api/red-packets/: a packet paid from my available coins. */
export const sendPacket = (body: RedPacketBody) => http.post<RedPacket>('/red-packets/', body).then((r) => r.data);

/** POST /api/red-packets/{id}/open/: my share (410 when empty or expired, 409 when I have one). */
export const openPacket = (id: number) => http.post<RedPacketOpened>(`/red-packets/${id}/open/`).then((r) => r.data);
