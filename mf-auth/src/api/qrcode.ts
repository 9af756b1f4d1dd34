import type { QrAnswer, QrBody, QrType } from 'contracts';
import { http } from 'shared-kernel';
import { LOGIN_TYPES, PLATFORM } from './accounts';

export type { QrType } from 'contracts';
/** The answer about a QR token (the contract's QrAnswer): 'update' while waiting, 'ok' (with the user) once confirmed. */
export type QrStatus = QrAnswer;

function body(type: QrType, token?: string): QrBody {
  return { type, ...(token ? { token } : {}), device: 'PC', platform: PLATFORM, login_type: LOGIN_TYPES.qrCode };
}

/** A new QR token (POST /api/qrcode/ without a token). */
export async function newQrToken(type: QrType): Promise<QrStatus> {
  return (await http.post<QrStatus>('/qrcode/', body(type), { skipErrorToast: true })).data;
}

/** The token's state (POST /api/qrcode/ with it); status 'ok' carries the login answer and starts the session. */
export async function qrStatus(type: QrType, token: string): Promise<QrStatus> {
  return (await http.post<QrStatus>('/qrcode/', body(type, token), { skipErrorToast: true })).data;
}

/** An absolute URL under the API the HTTP client talks to (its base, /api on the site's own origin). */
function apiUrl(path: string, params: Record<string, string>): URL {
  return new URL(http.getUri({ url: path, params }), window.location.href);
}

/** The QR picture of a token (GET /api/qrcode/?type=&token=&action=make). */
export function qrImageUrl(type: QrType, token: string): string {
  return apiUrl('/qrcode/', { type, token, action: 'make' }).href;
}

/** The login-QR socket path under /api; the first message names the token (SPEC §7). */
export const QR_SOCKET_PATH = '/ws/login-qrcode/';

export function qrSocketUrl(token: string): string {
  const url = apiUrl(QR_SOCKET_PATH, { token });
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

export function qrHello(token: string): string {
  return JSON.stringify({ type: 'LOGIN_QRCODE', token });
}
