import { emit, routePath, saveRedirectPath } from 'shared-kernel';
import { apiHref, type OnceDocsUrlAnswer } from '../api/pay';
import { daysUntil, formatTime } from '../pay/time';
import { TEXTS } from '../texts';

/** The guest's paid document: the download, how long this device keeps it, and the offer to register. */
export function GuestDownload({ answer }: { answer: OnceDocsUrlAnswer }) {
  const docPath = routePath('articles.docs.detail', { id: answer.docs });
  const register = () => {
    saveRedirectPath(docPath);
    emit('auth:login-required', { reason: 'required', redirect: docPath, title: TEXTS.guest.registerTitle, form: 'reg' });
  };
  return (
    <section className="mp-card mp-download" aria-labelledby="mp-download-title">
      <h2 id="mp-download-title" className="mp-h2">{TEXTS.guest.paidTitle}</h2>
      <p className="mp-doc-title">{answer.title}</p>
      <a className="mp-btn mp-primary mp-big" href={apiHref(answer.url)} download rel="noopener">
        {TEXTS.guest.download}
      </a>
      <p className="mp-muted">{TEXTS.guest.redownload(daysUntil(answer.access_until), formatTime(answer.access_until))}</p>
      <button type="button" className="mp-link" onClick={register}>
        {TEXTS.guest.register}
      </button>
    </section>
  );
}
