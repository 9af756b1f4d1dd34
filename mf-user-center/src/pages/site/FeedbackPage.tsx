import { useCallback, useId, useState, type FormEvent } from 'react';
import { openLogin, toastSuccess, useInfiniteList, useIsLoggedIn } from 'shared-kernel';
import { formatTime } from '../../coins/format';
import { listMyFeedback, sendFeedback, type Feedback } from '../../me/api';
import { ME_TEXTS } from '../../me/texts';
import { Field, FieldError, ImageUploadButton, MePage, sendForm } from '../../me/ui';
import { ListCard } from '../../ui/ListCard';

const ROUTE = 'site.feedback';
const t = ME_TEXTS.feedback;
const MAX_SHOTS = 3;
const CONTENT_MAX = 1000;

/** Up to 3 screenshots: each goes to POST /api/img-storage/ when picked; the form keeps their urls. */
function Screenshots({ urls, onChange }: { urls: string[]; onChange: (urls: string[]) => void }) {
  return (
    <div className="me-label">
      <span>{t.screenshots(urls.length)}</span>
      <ul className="me-shots">
        {urls.map((url, i) => (
          <li key={url}>
            <img src={url} alt={t.screenshotAlt(i + 1)} width={80} height={80} />
            <button type="button" className="me-shot-remove" aria-label={t.removeScreenshot(i + 1)} onClick={() => onChange(urls.filter((u) => u !== url))}>×</button>
          </li>
        ))}
      </ul>
      {urls.length < MAX_SHOTS && (
        <ImageUploadButton purpose="feedback" label={t.addScreenshot} problems={{ type: t.imageType, size: t.imageTooBig }}
          onUploaded={(url) => onChange([...urls, url])} style={{ alignSelf: 'flex-start', fontWeight: 400 }} />
      )}
    </div>
  );
}

function FeedbackForm({ onSent }: { onSent: () => void }) {
  const id = useId();
  const [form, setForm] = useState({ content: '', contact: '', images: [] as string[] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const content = form.content.trim();
    const found: Record<string, string> = !content ? { content: t.contentRequired } : content.length > CONTENT_MAX ? { content: t.contentTooLong } : {};
    setErrors(found);
    if (Object.keys(found).length) return;
    await sendForm(setSending, setErrors, async () => {
      await sendFeedback({ content, contact: form.contact.trim(), images: form.images });
      toastSuccess(t.sent);
      setForm({ content: '', contact: '', images: [] });
      onSent();
    });
  };
  return (
    <form className="uc-card me-form" onSubmit={(e) => void submit(e)} noValidate aria-label={ME_TEXTS.about.feedback}>
      <Field id={`${id}-content`} label={t.content} error={errors.content}>
        <textarea id={`${id}-content`} className="me-input" value={form.content} placeholder={t.contentPlaceholder} aria-invalid={!!errors.content}
          aria-describedby={`${id}-content-error ${id}-count`} onChange={(e) => setForm({ ...form, content: e.target.value })} />
        <span id={`${id}-count`} className="uc-muted uc-small" style={{ fontWeight: 400 }}>{form.content.length}/{CONTENT_MAX}</span>
      </Field>
      <Field id={`${id}-contact`} label={t.contact} error={errors.contact}>
        <input id={`${id}-contact`} className="me-input" value={form.contact} maxLength={100} placeholder={t.contactPlaceholder}
          aria-describedby={`${id}-contact-error`} onChange={(e) => setForm({ ...form, contact: e.target.value })} />
      </Field>
      <Screenshots urls={form.images} onChange={(images) => setForm((f) => ({ ...f, images }))} />
      <FieldError id={`${id}-images`} message={errors.images} />
      <div><button type="submit" className="uc-btn uc-primary" disabled={sending}>{sending ? t.submitting : t.submit}</button></div>
    </form>
  );
}

function MyFeedback({ round }: { round: number }) {
  const fetchPage = useCallback((page: number, signal: AbortSignal) => listMyFeedback(page, signal), []);
  const list = useInfiniteList<Feedback>({ fetchPage, key: `feedback:${round}`, route: ROUTE });
  return (
    <ListCard titleId="me-feedback-mine" title={t.mine} list={list} empty={t.empty} emptyClassName="uc-empty uc-muted" listClassName="me-sdk" renderItem={(f) => (
      <li key={f.id} data-testid="feedback">
        <p className="me-intro">{f.content}</p>
        <p className="uc-muted uc-small" style={{ margin: '4px 0 0' }}>{formatTime(f.create_time)}{f.reply ? '' : ` · ${t.waiting}`}</p>
        {f.reply && <p className="me-reply"><strong>{t.reply}：</strong>{f.reply}</p>}
      </li>
    )} />
  );
}

/** site/feedback: tell the site what is wrong or wished for (text, contact, screenshots); my feedback with replies. */
export default function FeedbackPage() {
  const loggedIn = useIsLoggedIn();
  const [round, setRound] = useState(0);
  return (
    <MePage route={ROUTE}>
      {loggedIn ? (
        <>
          <FeedbackForm onSent={() => setRound((r) => r + 1)} />
          <MyFeedback round={round} />
        </>
      ) : (
        <section className="uc-card me-center">
          <p>{t.login}</p>
          <button type="button" className="uc-btn uc-primary" onClick={() => openLogin({ title: t.loginButton })}>{t.loginButton}</button>
        </section>
      )}
    </MePage>
  );
}
