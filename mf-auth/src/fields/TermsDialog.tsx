import { errorMessageOf, useLoad } from 'shared-kernel';
import { getTerms, type TermsKind } from '../api/site';
import { TEXTS } from '../texts';
import { Modal } from '../ui/Modal';

/** The text as paragraphs of plain text (split at blank lines): nothing in it is ever read as HTML. */
function Paragraphs({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  return (
    <div className="ma-terms">
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}

/**
 * The user agreement or the privacy policy over the form (a popup on PC, a full-screen sheet on phones), so that
 * reading it keeps what the person has typed; above a login dialog when the form is in one.
 */
export function TermsDialog({ kind, onClose }: { kind: TermsKind | null; onClose: () => void }) {
  const terms = useLoad(kind, () => getTerms(kind ?? 'user-agreement'));
  const title = kind === 'user-privacy' ? TEXTS.privacyPolicy : TEXTS.userAgreement;
  return (
    <Modal open={kind !== null} title={terms.data?.title ?? title} onClose={onClose} layer="top" width={640} data={{ testid: 'terms-dialog' }}>
      {terms.error ? (
        <div role="alert">
          <p className="ma-dialog-text">{errorMessageOf(terms.error)}</p>
          <button type="button" className="ma-secondary" onClick={terms.reload}>{TEXTS.terms.retry}</button>
        </div>
      ) : !terms.data ? (
        <p className="ma-muted" role="status">{TEXTS.terms.loading}</p>
      ) : (
        <>
          <p className="ma-muted ma-terms-meta">{TEXTS.terms.version(terms.data.version, terms.data.effective_date)}</p>
          <Paragraphs text={terms.data.content} />
        </>
      )}
      <div className="ma-dialog-actions">
        <button type="button" className="ma-primary" onClick={onClose}>{TEXTS.terms.close}</button>
      </div>
    </Modal>
  );
}
