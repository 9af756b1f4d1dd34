import { Link } from 'react-router-dom';
import { docIcon, formatFen, routePath } from 'shared-kernel';
import { DOC_STATUS, type DocProgress, type UploadSetting } from '../api/docs';
import { DOCS_TEXTS } from './texts';

/** A real progress bar (0..100) with its text beside it. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="ucd-progress">
      <div className="ucd-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label={label}>
        <span style={{ width: `${pct}%` }} />
      </div>
      <span className="ucd-progress-text uc-small">{label}</span>
    </div>
  );
}

/** The file-type badge of a document, by ext_cate (grey unless published): the kernel's colours. */
export function DocBadge({ extCate, status }: { extCate: string; status: number }) {
  const icon = docIcon(extCate, status);
  return (
    <span className="ucd-badge" style={{ background: icon.color }} aria-hidden="true">
      {icon.label}
    </span>
  );
}

/** The limits, before anything is picked (GET upload-setting/); `sent`: documents made on the page since it loaded. */
export function Limits({ setting, sent = 0 }: { setting: UploadSetting; sent?: number }) {
  const t = DOCS_TEXTS.limits;
  const { types } = setting;
  const left = setting.left_today === null ? null : Math.max(0, setting.left_today - sent);
  return (
    <section className="uc-card ucd-limits" aria-labelledby="ucd-limits-title" data-testid="upload-limits">
      <h2 id="ucd-limits-title" className="uc-h2">{t.heading}</h2>
      <ul className="ucd-limit-list uc-small">
        <li>
          {t.types}：{t.documents} {types.documents.join('、')}；{t.images} {types.images.join('、')}；{t.archives} {types.archives.join('、')}
        </li>
        <li>{t.size(setting.max_size, setting.image_max_size)}</li>
        <li>{t.batch(setting.max_batch)}；{t.daily(setting.daily_uploads)}{left !== null && <>，<strong data-testid="left-today">{t.left(left)}</strong></>}</li>
        <li>{t.price(formatFen(setting.max_price, { symbol: false }))}</li>
      </ul>
    </section>
  );
}

const u = DOCS_TEXTS.upload;

/** Where a document's conversion stands, live: the stage and its bar, then the end state with where to go next. */
export function ConversionStatus({ progress, onRetry, converterMessage }: { progress: DocProgress; onRetry?: () => void; converterMessage?: string }) {
  const { id, status, stage, reason } = progress;
  if (status === DOC_STATUS.converting) {
    const stageText = DOCS_TEXTS.stages[stage] ?? u.converting;
    return (
      <div data-testid="conversion">
        <ProgressBar value={progress.progress} label={`${stageText} ${Math.round(progress.progress)}%`} />
        {stage === 'waiting_converter' && converterMessage && <p className="uc-small ucd-warn">{converterMessage}</p>}
      </div>
    );
  }
  const edit = <Link className="uc-link" to={routePath('user.docs.edit', { id })}>{u.edit}</Link>;
  if (status === DOC_STATUS.published)
    return <p className="ucd-state ucd-ok" data-testid="conversion">{u.published} <Link className="uc-link" to={routePath('articles.docs.detail', { id })}>{u.view}</Link></p>;
  if (status === DOC_STATUS.reviewing) return <p className="ucd-state ucd-ok" data-testid="conversion">{u.reviewing} {edit}</p>;
  if (status === DOC_STATUS.failed)
    return (
      <p className="ucd-state ucd-bad" data-testid="conversion">
        {u.failed(reason)} {onRetry && <button type="button" className="uc-link" onClick={onRetry}>{u.retry}</button>} {edit}
      </p>
    );
  return <p className="ucd-state ucd-bad" data-testid="conversion">{status === DOC_STATUS.rejected ? u.rejected(reason) : progress.status_text} {edit}</p>;
}
