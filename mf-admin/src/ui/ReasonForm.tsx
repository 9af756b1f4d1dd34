import { useId, useState } from 'react';
import { TEXTS } from '../texts';

/** The reason of a rejection (2-200 characters, as the API requires), for one item or a batch. */
export function ReasonForm({ count, busy, confirm, onSubmit, onCancel }: { count: number; busy: boolean; confirm?: string; onSubmit: (reason: string) => void; onCancel: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const id = useId();
  const submit = () => {
    const text = reason.trim();
    if (text.length < 2 || text.length > 200) return setError(TEXTS.reasonTooShort);
    setError('');
    onSubmit(text);
  };
  return (
    <form
      className="ad-card ad-reason"
      data-testid="reason-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id}>
        {TEXTS.reason}
        {count > 1 ? `（${count} 条）` : ''}
      </label>
      <textarea id={id} value={reason} maxLength={200} placeholder={TEXTS.reasonHint} onChange={(e) => setReason(e.target.value)} aria-invalid={!!error} />
      {error && (
        <p className="ad-field-error" role="alert">
          {error}
        </p>
      )}
      <div className="ad-actions">
        <button type="submit" className="ad-btn ad-danger" disabled={busy}>
          {confirm && confirm !== TEXTS.reject ? TEXTS.confirmAction(confirm) : TEXTS.confirmReject}
        </button>
        <button type="button" className="ad-btn" onClick={onCancel}>
          {TEXTS.cancel}
        </button>
      </div>
    </form>
  );
}
