import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatFen, routePath, toastSuccess } from 'shared-kernel';
import { deleteDoc, DOC_STATUS, retryDoc, type MyDoc } from '../api/docs';
import { formatTime } from '../coins/format';
import { DOCS_TEXTS } from './texts';
import { DocBadge, ProgressBar } from './ui';

const t = DOCS_TEXTS.list;

function StateText({ doc }: { doc: MyDoc }) {
  if (doc.status === DOC_STATUS.converting) {
    const stage = DOCS_TEXTS.stages[doc.stage] ?? doc.status_text;
    return <ProgressBar value={doc.progress} label={`${stage} ${Math.round(doc.progress)}%`} />;
  }
  const bad = doc.status === DOC_STATUS.rejected || doc.status === DOC_STATUS.failed;
  return (
    <span className={bad ? 'ucd-bad' : undefined} data-testid="doc-state">
      {doc.status_text}
      {doc.reason && <>（{t.reason}{doc.reason}）</>}
    </span>
  );
}

/** Delete after a second click on 确定删除 (an inline confirm: no dialog to load). */
function DeleteAction({ doc, onDeleted }: { doc: MyDoc; onDeleted: () => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) return <button type="button" className="uc-link" onClick={() => setAsking(true)}>{t.delete}</button>;
  const confirm = async () => {
    setBusy(true);
    try {
      await deleteDoc(doc.id);
      toastSuccess(t.deleted);
      onDeleted();
    } catch {
      setBusy(false); // the kernel's toast said why
    }
  };
  return (
    <span className="ucd-confirm" role="group" aria-label={t.confirmDelete}>
      <span className="uc-small">{t.confirmDelete}</span>{' '}
      <button type="button" className="uc-link ucd-bad" disabled={busy} onClick={() => void confirm()}>{t.confirm}</button>{' '}
      <button type="button" className="uc-link" onClick={() => setAsking(false)}>{t.keep}</button>
    </span>
  );
}

function Actions({ doc, onChange }: { doc: MyDoc; onChange: (doc: MyDoc | null) => void }) {
  const edit = routePath('user.docs.edit', { id: doc.id });
  const retry = async () => {
    try {
      onChange(await retryDoc(doc.id));
      toastSuccess(t.retried);
    } catch {
      /* the kernel's toast said why */
    }
  };
  return (
    <span className="ucd-doc-actions">
      {doc.status === DOC_STATUS.failed && <button type="button" className="uc-link" onClick={() => void retry()}>{t.retry}</button>}
      {doc.status === DOC_STATUS.failed && <Link className="uc-link" to={`${edit}#file`}>{t.replace}</Link>}
      <Link className="uc-link" to={edit}>{doc.status === DOC_STATUS.rejected ? t.resubmit : t.edit}</Link>
      <DeleteAction doc={doc} onDeleted={() => onChange(null)} />
    </span>
  );
}

/** One of my documents: its type, title (a link once published), state with the reason, numbers, and actions. */
export function DocRow({ doc, onChange }: { doc: MyDoc; onChange: (doc: MyDoc | null) => void }) {
  const published = doc.status === DOC_STATUS.published;
  return (
    <li className="ucd-doc" data-testid="my-doc">
      <DocBadge extCate={doc.ext_cate} status={doc.status} />
      <div className="ucd-doc-main">
        {published ? (
          <Link className="ucd-doc-title uc-link" to={routePath('articles.docs.detail', { id: doc.id })}>{doc.title}</Link>
        ) : (
          <span className="ucd-doc-title">{doc.title}</span>
        )}
        <StateText doc={doc} />
        <span className="ucd-doc-meta">
          <span>{t.views} {doc.views}</span>
          <span>{t.downloads} {doc.downloads}</span>
          <span>{t.earned} {t.coins(doc.earned_coins)}</span>
          <span>{doc.price > 0 ? formatFen(doc.price) : t.free}</span>
          <time dateTime={doc.create_time}>{formatTime(doc.create_time)}</time>
        </span>
      </div>
      <Actions doc={doc} onChange={onChange} />
    </li>
  );
}
