import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { formatFileSize, routePath, toastSuccess, useLoad } from 'shared-kernel';
import { DOC_STATUS, getMyDoc, getUploadSetting, listUploadCategories, updateDoc, type MyDoc, type UploadCategory, type UploadSetting } from '../../api/docs';
import { DocFieldsForm } from '../../docs/DocFieldsForm';
import { checkDraft, draftErrorsFrom, draftOf, type Draft, type DraftErrors } from '../../docs/draft';
import { fieldErrorsOf, uploadErrorText } from '../../docs/errors';
import { isFinal, progressOf, watchProgress } from '../../docs/progress';
import { ensureDocsStyles } from '../../docs/styles';
import { DOCS_TEXTS } from '../../docs/texts';
import { ConversionStatus, ProgressBar } from '../../docs/ui';
import { useReplaceFile } from '../../docs/use-replace-file';
import { LoadError, Loading, PageFrame } from '../../ui/Status';

const ROUTE = 'user.docs.edit';
const t = DOCS_TEXTS.edit;

function ReplaceFile({ file, onPick }: { file: ReturnType<typeof useReplaceFile>; onPick: (f: File) => void }) {
  const r = file.replacement;
  const input = useRef<HTMLInputElement>(null);
  const { hash } = useLocation();
  // 更换文件 of a failed document links here (#file): straight to the file
  useEffect(() => {
    if (hash === '#file') input.current?.focus();
  }, [hash]);
  const pct = r && r.file.size > 0 ? Math.floor((r.sent / r.file.size) * 100) : 0;
  return (
    <div className="ucd-field" id="file">
      <label htmlFor="ucd-replace">{t.replace}</label>
      <input ref={input} id="ucd-replace" type="file" onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) onPick(f); }} />
      <p className="uc-muted uc-small">{t.replaceHint}</p>
      {r && (r.error ? <p className="ucd-field-error" role="alert">{r.error}</p> : <ProgressBar value={pct} label={r.upload ? `${r.file.name} ${formatFileSize(r.file.size)}` : r.retries > 0 ? DOCS_TEXTS.upload.retrying(r.retries) : DOCS_TEXTS.upload.uploading(pct)} />)}
      {r && !r.error && (
        <span className="uc-actions">
          <button type="button" className="uc-link" onClick={file.drop}>{r.upload ? DOCS_TEXTS.edit.keepOld : DOCS_TEXTS.upload.cancel}</button>
        </span>
      )}
    </div>
  );
}

function EditForm({ doc: loaded, setting, categories }: { doc: MyDoc; setting: UploadSetting; categories: UploadCategory[] }) {
  const [doc, setDoc] = useState(loaded);
  const [draft, setDraft] = useState<Draft>(() => draftOf(loaded));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState('');
  const file = useReplaceFile(setting);
  const converting = !isFinal(doc.status);
  useEffect(() => (converting ? watchProgress([doc.id], (p) => setDoc((d) => ({ ...d, ...p }))) : undefined), [converting, doc.id]);
  const save = async () => {
    const { fields, errors: found } = checkDraft(draft, setting);
    setErrors(found);
    setMessage('');
    if (!fields) return;
    if (file.replacement && !file.replacement.upload) return setMessage(file.replacement.error || t.uploadFirst);
    setSaving(true);
    try {
      const wasRejected = doc.status === DOC_STATUS.rejected;
      const next = await updateDoc(doc.id, { ...fields, ...(file.replacement?.upload ? { upload: file.replacement.upload } : {}) });
      file.used();
      setDoc(next);
      toastSuccess(wasRejected ? t.resubmitted : t.saved);
    } catch (error) {
      setErrors(draftErrorsFrom(fieldErrorsOf(error)));
      setMessage(uploadErrorText(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="uc-card" aria-label={doc.title}>
      <p className="uc-small uc-muted">{t.current}：{doc.file_type.toUpperCase()} {formatFileSize(doc.size)}</p>
      <ConversionStatus progress={progressOf(doc)} converterMessage={setting.converter_message} />
      <DocFieldsForm idPrefix="ucd-edit" draft={draft} errors={errors} categories={categories} setting={setting} disabled={saving} onChange={(c) => setDraft((d) => ({ ...d, ...c }))} />
      <ReplaceFile file={file} onPick={(f) => void file.pick(f)} />
      {message && <p className="ucd-field-error" role="alert">{message}</p>}
      <div className="uc-actions">
        <button type="button" className="uc-btn uc-primary" disabled={saving} onClick={() => void save()}>{t.save}</button>
        <Link className="uc-link" to={routePath('user.docs.list')}>{t.back}</Link>
      </div>
    </section>
  );
}

/** user/docs/edit/{id}: change a document's fields or replace its file (which converts again); a rejected one goes back to review. */
export default function DocEditPage() {
  ensureDocsStyles();
  const { id = '' } = useParams();
  const valid = /^\d+$/.test(id) && Number(id) > 0;
  const doc = useLoad(valid ? `doc:${id}` : null, () => getMyDoc(id));
  const setting = useLoad('upload-setting', getUploadSetting);
  const categories = useLoad('upload-category', listUploadCategories);
  const failed = doc.error ?? setting.error ?? categories.error;
  const retry = () => [doc, setting, categories].forEach((l) => l.error && l.reload());
  return (
    <PageFrame route={ROUTE}>
      {!valid ? (
        <p className="uc-card uc-muted">{t.notFound}</p>
      ) : failed ? (
        <LoadError error={failed} onRetry={retry} />
      ) : doc.data && setting.data && categories.data ? (
        <EditForm key={doc.data.id} doc={doc.data} setting={setting.data} categories={categories.data} />
      ) : (
        <Loading />
      )}
    </PageFrame>
  );
}
