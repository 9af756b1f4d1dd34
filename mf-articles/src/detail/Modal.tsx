import { useEffect, useId, type ReactNode } from 'react';

/** A centred dialog (a bottom sheet on phones); Esc and the backdrop close it. */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="dt-overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="dt-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="dt-dialog-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="dt-close" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
