import type { InviteePage, MyInviteCode } from 'contracts';
import { http } from 'shared-kernel';

export type { Invitee, MyInviteCode } from 'contracts';

/** GET /api/invite-code/: my 5-digit code (issued on the first visit), its link and QR picture, what it brought. */
export const getMyInviteCode = () => http.get<MyInviteCode>('/invite-code/', { skipErrorToast: true }).then((r) => r.data);

/** GET /api/invite-code/invitees/?page=: who joined through me, newest first. */
export const listInvitees = (page: number, signal?: AbortSignal) =>
  http.get<InviteePage>('/invite-code/invitees/', { params: { page }, signal }).then((r) => r.data);
