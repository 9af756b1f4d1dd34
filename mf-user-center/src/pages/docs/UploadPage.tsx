import { useState } from 'react';
import { openLogin, useIsLoggedIn, useLoad } from 'shared-kernel';
import { getUploadSetting, listUploadCategories, type UploadCategory, type UploadSetting } from '../../api/docs';
import { DropZone } from '../../docs/DropZone';
import { FileCard } from '../../docs/FileCard';
import { ensureDocsStyles } from '../../docs/styles';
import { DOCS_TEXTS } from '../../docs/texts';
import { Limits } from '../../docs/ui';
import { useUploadQueue } from '../../docs/use-upload-queue';
import { LoadError, Loading, PageFrame } from '../../ui/Status';

const ROUTE = 'user.docs.upload';
const u = DOCS_TEXTS.upload;

function Disclaimer({ agree, error, onChange }: { agree: boolean; error: boolean; onChange: (agree: boolean) => void }) {
  const d = DOCS_TEXTS.disclaimer;
  return (
    <section className="uc-card ucd-disclaimer" aria-labelledby="ucd-disclaimer-title">
      <h2 id="ucd-disclaimer-title" className="uc-h2">{d.heading}</h2>
      <p className="uc-small">{d.text}</p>
      <label className="ucd-agree">
        <input type="checkbox" checked={agree} onChange={(e) => onChange(e.target.checked)} aria-invalid={error || undefined} />
        <span>{d.agree}</span>
      </label>
      {error && <p className="ucd-field-error" role="alert">{d.required}</p>}
    </section>
  );
}

/** The picked files and the batch's disclaimer and start. */
function Batch({ setting, categories }: { setting: UploadSetting; categories: UploadCategory[] }) {
  const loggedIn = useIsLoggedIn();
  const queue = useUploadQueue(setting);
  const [agree, setAgree] = useState(false);
  const [agreeError, setAgreeError] = useState(false);
  const pending = queue.items.some((i) => i.phase === 'waiting' || i.phase === 'error');
  // the day's count left, as the server will count it: the documents this page made are gone from it
  const sent = queue.items.filter((i) => i.phase === 'created').length;
  const start = () => {
    if (!agree) return setAgreeError(true);
    void queue.start();
  };
  return (
    <>
      <Limits setting={setting} sent={sent} />
      {!setting.converter_ready && <p className="uc-card ucd-warn" role="status" data-testid="converter-message">{setting.converter_message}</p>}
      <DropZone setting={setting} loggedIn={loggedIn} onFiles={queue.add} onLogin={() => openLogin({ title: DOCS_TEXTS.pick.loginTitle })} />
      {queue.refusals.length > 0 && (
        <ul className="ucd-refusals uc-small" role="alert" data-testid="refusals">
          {queue.refusals.map((r) => <li key={r}>{r}</li>)}
        </ul>
      )}
      {queue.items.length > 0 && (
        <>
          <ul className="ucd-files">
            {queue.items.map((item) => (
              <FileCard
                key={item.key}
                item={item}
                categories={categories}
                setting={setting}
                onDraft={(change) => queue.editDraft(item.key, change)}
                onCancel={() => queue.cancel(item.key)}
                onRemove={() => queue.remove(item.key)}
                onRetry={() => void queue.retry(item.key)}
              />
            ))}
          </ul>
          {pending && (
            <>
              <Disclaimer agree={agree} error={agreeError && !agree} onChange={(v) => { setAgree(v); setAgreeError(false); }} />
              <div className="uc-actions">
                <button type="button" className="uc-btn uc-primary" disabled={queue.running} onClick={start}>{u.start}</button>
              </div>
            </>
          )}
        </>
      )}
    </>
  );
}

/**
 * user/docs/upload (public): the limits first, then drop or pick several files, a card of fields for each, one
 * disclaimer for the batch; each file uploads in resumable chunks with a real bar, then its conversion shows live.
 */
export default function UploadPage() {
  ensureDocsStyles();
  // a login on this page (the dialog) brings the person's own count for today
  const loggedIn = useIsLoggedIn();
  const setting = useLoad(`upload-setting:${loggedIn}`, getUploadSetting);
  const categories = useLoad('upload-category', listUploadCategories);
  const failed = setting.error ?? categories.error;
  const reload = () => (setting.error ? setting.reload() : categories.reload());
  return (
    <PageFrame route={ROUTE}>
      {failed ? (
        <LoadError error={failed} onRetry={reload} />
      ) : setting.data && categories.data ? (
        <Batch setting={setting.data} categories={categories.data} />
      ) : (
        <Loading />
      )}
    </PageFrame>
  );
}
