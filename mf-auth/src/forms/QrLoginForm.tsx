import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessageOf, QR_LOGIN_EXPIRY_S, setSession } from 'shared-kernel';
import { apiCodeOf } from '../api/errors';
import { newQrToken, qrHello, qrImageUrl, qrSocketUrl, qrStatus, type QrType } from '../api/qrcode';
import { openAppDownload } from '../dialogs/store';
import { completeLogin, type Surface } from '../session/after-login';
import { TEXTS } from '../texts';

type Phase =
  | { kind: 'loading' }
  | { kind: 'ready'; token: string; scanned: boolean }
  | { kind: 'expired' }
  | { kind: 'failed'; message: string };

/**
 * What a socket message says: the API sends plain 'scanned' (the app has the code open), 'ok' (confirmed) and
 * 'expired'; JSON with status/type/msg 'ok' is read as 'ok' too.
 */
function eventOf(data: unknown): 'ok' | 'scanned' | 'expired' | null {
  if (typeof data !== 'string') return null;
  const text = data.trim();
  if (text === 'ok' || text === 'scanned' || text === 'expired') return text;
  try {
    const message = JSON.parse(text) as { status?: unknown; type?: unknown; msg?: unknown };
    return message.status === 'ok' || message.msg === 'ok' || message.type === 'ok' ? 'ok' : null;
  } catch {
    return null;
  }
}

/** How often the status is asked after 'ok' until it answers ok. */
const STATUS_POLL_MS = 1000;

/** The API's answer for a code that ran out (or was already used). */
function isExpired(error: unknown): boolean {
  const code = apiCodeOf(error);
  return code === 'qrcode_expired' || code === 'qrcode_invalid';
}

/**
 * QR login (SPEC §4): a token, its QR picture and a socket; when the socket says 'ok', the token's status is
 * polled, and status ok logs in and closes the socket. After the expiry (the server's, else 100 s) the picture
 * shows '二维码已过期，点击刷新', and clicking gets a new one.
 */
export function QrLogin({ type, surface }: { type: QrType; surface: Surface }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const socket = useRef<WebSocket | null>(null);
  const expiry = useRef<ReturnType<typeof setTimeout> | null>(null);
  const generation = useRef(0);

  const stop = useCallback(() => {
    generation.current += 1;
    socket.current?.close();
    socket.current = null;
    if (expiry.current) clearTimeout(expiry.current);
    expiry.current = null;
  }, []);

  const start = useCallback(async () => {
    stop();
    const mine = generation.current;
    setPhase({ kind: 'loading' });
    try {
      const { token, expire_time: seconds } = await newQrToken(type);
      if (mine !== generation.current) return;
      if (type === 'wxgzh_login') setSession('officialAccountLoginToken', token);
      setPhase({ kind: 'ready', token, scanned: false });
      expiry.current = setTimeout(() => {
        stop();
        setPhase({ kind: 'expired' });
      }, (seconds && seconds > 0 ? seconds : QR_LOGIN_EXPIRY_S) * 1000);
      const ws = new WebSocket(qrSocketUrl(token));
      socket.current = ws;
      ws.onopen = () => ws.send(qrHello(token));
      ws.onmessage = async (message) => {
        const event = eventOf(message.data);
        if (!event || mine !== generation.current) return;
        if (event === 'scanned') return setPhase({ kind: 'ready', token, scanned: true });
        if (event === 'expired') {
          stop();
          return setPhase({ kind: 'expired' });
        }
        try {
          // poll until the status is ok; the expiry (or a new code) ends the loop through `generation`
          for (;;) {
            const answer = await qrStatus(type, token);
            if (mine !== generation.current) return;
            if (answer.status === 'ok' && answer.user) {
              stop();
              return completeLogin(answer.user, 'qrcode', surface);
            }
            await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS));
            if (mine !== generation.current) return;
          }
        } catch (error) {
          if (mine !== generation.current) return;
          stop();
          setPhase(isExpired(error) ? { kind: 'expired' } : { kind: 'failed', message: errorMessageOf(error) });
        }
      };
    } catch (error) {
      if (mine === generation.current) setPhase({ kind: 'failed', message: errorMessageOf(error) });
    }
  }, [type, surface, stop]);

  useEffect(() => {
    void start();
    return stop;
  }, [start, stop]);

  return (
    <div className="ma-qr">
      <div className="ma-qr-box">
        {phase.kind === 'ready' && <img src={qrImageUrl(type, phase.token)} alt={TEXTS.qr.imgAlt} width={180} height={180} />}
        {phase.kind === 'loading' && <p className="ma-muted">{TEXTS.qr.loading}</p>}
        {(phase.kind === 'expired' || phase.kind === 'failed') && (
          <button type="button" className="ma-qr-cover" title={phase.kind === 'failed' ? phase.message : undefined} onClick={() => void start()}>
            {phase.kind === 'expired' ? TEXTS.qr.expired : TEXTS.qr.failed}
          </button>
        )}
      </div>
      <p className="ma-qr-hint" role="status">
        {phase.kind === 'ready' && phase.scanned ? TEXTS.qr.scanned : type === 'login' ? TEXTS.qr.hint : TEXTS.qr.wxgzhHint}
      </p>
      {type === 'login' && (
        <p className="ma-muted ma-qr-app">
          {TEXTS.qr.noApp}
          <button type="button" className="ma-link" onClick={openAppDownload}>
            {TEXTS.qr.download}
          </button>
        </p>
      )}
    </div>
  );
}

/** login_qrcode (PC only): scan with the product's app. */
export function QrLoginForm({ surface }: { surface: Surface }) {
  return <QrLogin type="login" surface={surface} />;
}
