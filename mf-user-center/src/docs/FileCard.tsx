import { formatFileSize } from 'shared-kernel';
import type { UploadCategory, UploadSetting } from '../api/docs';
import { extCateOf } from './checks';
import { DocFieldsForm } from './DocFieldsForm';
import type { Draft } from './draft';
import { DOCS_TEXTS } from './texts';
import { ConversionStatus, DocBadge, ProgressBar } from './ui';
import type { UploadItem } from './use-upload-queue';

const u = DOCS_TEXTS.upload;

function UploadState({ item }: { item: UploadItem }) {
  const pct = item.file.size > 0 ? Math.floor((item.sent / item.file.size) * 100) : 0;
  if (item.phase === 'uploading') {
    const label = item.retries > 0 ? u.retrying(item.retries) : item.resumed ? u.resumed(pct) : u.uploading(pct);
    return <ProgressBar value={pct} label={label} />;
  }
  if (item.phase === 'submitting') return <ProgressBar value={100} label={u.submitting} />;
  if (item.phase === 'error') return <p className="ucd-state ucd-bad" role="alert">{u.uploadFailed}：{item.message}</p>;
  if (item.phase === 'cancelled') return <p className="ucd-state uc-muted">{u.cancelled}</p>;
  return null;
}

interface Props {
  item: UploadItem;
  categories: UploadCategory[];
  setting: UploadSetting;
  onDraft: (change: Partial<Draft>) => void;
  onCancel: () => void;
  onRemove: () => void;
  onRetry: () => void;
}

/** One picked file: its fields until it is sent, then its upload's bar, then its conversion. */
export function FileCard({ item, categories, setting, onDraft, onCancel, onRemove, onRetry }: Props) {
  const editable = item.phase === 'waiting' || item.phase === 'error';
  return (
    <li className="uc-card" data-testid="upload-card" aria-label={item.file.name}>
      <div className="ucd-file-head">
        <DocBadge extCate={extCateOf(item.file.name)} status={1} />
        <span className="ucd-file-name" title={item.file.name}>{item.file.name}</span>
        <span className="uc-muted uc-small">{formatFileSize(item.file.size)}</span>
        {editable && <button type="button" className="uc-link" onClick={onRemove}>{u.remove}</button>}
        {/* once the document is being made there is nothing to cancel: delete it from the list instead */}
        {item.phase === 'uploading' && <button type="button" className="uc-link" onClick={onCancel}>{u.cancel}</button>}
      </div>
      {item.phase !== 'created' && item.phase !== 'cancelled' && (
        <DocFieldsForm idPrefix={`ucd-${item.key}`} draft={item.draft} errors={item.errors} categories={categories} setting={setting} disabled={!editable} onChange={onDraft} />
      )}
      <UploadState item={item} />
      {item.progress && <ConversionStatus progress={item.progress} onRetry={onRetry} converterMessage={setting.converter_message} />}
    </li>
  );
}
