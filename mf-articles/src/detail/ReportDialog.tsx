import { useEffect, useState } from 'react';
import { errorMessageOf, toastSuccess } from 'shared-kernel';
import { getDocsSetting } from '../api/documents';
import { Modal } from './Modal';
import { postReport, type ReportInput } from './social-api';

/** Used until docs-setting has answered (the API's own values). */
const DEFAULT_REASONS = [
  { value: 'infringement', label: '侵犯版权' },
  { value: 'porn', label: '色情低俗' },
  { value: 'politics', label: '政治敏感' },
  { value: 'ad', label: '广告营销' },
  { value: 'fraud', label: '欺诈信息' },
  { value: 'other', label: '其他' },
];
const DEFAULT_MAX = 1000;
const CONTACT_MAX = 100;

/** A complaint about a document, blog or comment (articles-report): a reason, a limited text, a contact. */
export function ReportDialog({ type, id, onClose }: { type: ReportInput['type']; id: number; onClose: () => void }) {
  const [reasons, setReasons] = useState(DEFAULT_REASONS);
  const [max, setMax] = useState(DEFAULT_MAX);
  const [reason, setReason] = useState('');
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    getDocsSetting().then(
      (s) => {
        if (s.report_reasons?.length) setReasons(s.report_reasons);
        if (s.report_max_length) setMax(s.report_max_length);
      },
      () => undefined,
    );
  }, []);

  const length = [...content.trim()].length;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!reason) return setError('请选择投诉原因');
    if (length === 0) return setError('请填写投诉说明');
    if (length > max) return setError(`投诉说明不能超过${max}个字`);
    setBusy(true);
    try {
      await postReport({ type, id, reason, content: content.trim(), contact: contact.trim() || undefined });
      toastSuccess('投诉已提交，我们会尽快处理');
      onClose();
    } catch (err) {
      setError(errorMessageOf(err));
      setBusy(false);
    }
  };

  return (
    <Modal title="投诉" onClose={onClose}>
      <form className="dt-form" onSubmit={submit} noValidate>
        <fieldset className="dt-reasons">
          <legend>投诉原因</legend>
          {reasons.map((r) => (
            <label key={r.value} className={reason === r.value ? 'dt-chip dt-chip-on' : 'dt-chip'}>
              <input type="radio" name="reason" value={r.value} checked={reason === r.value} onChange={() => setReason(r.value)} />
              {r.label}
            </label>
          ))}
        </fieldset>
        <label className="dt-label" htmlFor="dt-report-content">
          投诉说明
        </label>
        <textarea
          id="dt-report-content"
          className="dt-textarea"
          rows={4}
          placeholder="请说明投诉理由，如侵权请提供权属证明线索"
          value={content}
          onChange={(e) => setContent(e.target.value)}
        />
        <div className={length > max ? 'dt-count dt-over' : 'dt-count'}>
          {length}/{max}
        </div>
        <input
          className="dt-input"
          aria-label="联系方式"
          placeholder="联系方式（选填）"
          maxLength={CONTACT_MAX}
          value={contact}
          onChange={(e) => setContact(e.target.value)}
        />
        {error && (
          <p className="dt-error" role="alert">
            {error}
          </p>
        )}
        <div className="dt-dialog-foot">
          <button type="button" className="dt-btn" onClick={onClose}>
            取消
          </button>
          <button type="submit" className="dt-btn dt-primary" disabled={busy}>
            提交投诉
          </button>
        </div>
      </form>
    </Modal>
  );
}
