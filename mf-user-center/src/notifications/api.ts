import type { Notification, NotificationPage, ReadAllAnswer } from 'contracts';
import { http } from 'shared-kernel';

export type { Notification } from 'contracts';

/** GET /api/notifications/?page=&unread=1: my messages, newest first. */
export const listNotifications = (unread: boolean, page: number, signal?: AbortSignal) =>
  http.get<NotificationPage>('/notifications/', { params: { page, ...(unread ? { unread: 1 } : {}) }, signal }).then((r) => r.data);

/** GET /api/notifications/{id}/ (its errors are shown by the page). */
export const getNotification = (id: string) =>
  http.get<Notification>(`/notifications/${encodeURIComponent(id)}/`, { skipErrorToast: true }).then((r) => r.data);

export const markRead = (id: number) => http.post<Notification>(`/notifications/${id}/read/`).then((r) => r.data);
export const readAll = () => http.post<ReadAllAnswer>('/notifications/read_all/').then((r) => r.data);
export const removeNotification = (id: number) => http.delete(`/notifications/${id}/`).then(() => undefined);
export const unreadCount = () => http.get<{ count: number }>('/notifications/unread_count/').then((r) => r.data.count);
