import { Link } from 'react-router-dom';
import { formatFen, routePath } from 'shared-kernel';
import type { DocDetail } from '../api/pay';
import { TEXTS } from '../texts';

/** The document being bought: title and price; as an option beside the packages when `onSelect` is given. */
export function DocCard({ doc, selected, onSelect }: { doc: DocDetail; selected?: boolean; onSelect?: () => void }) {
  const body = (
    <>
      <span className="mp-option-kicker">{TEXTS.doc.buy}</span>
      <span className="mp-doc-title">{doc.title}</span>
      <span className="mp-price" data-testid="doc-price">{formatFen(doc.price)}</span>
    </>
  );
  return (
    <section className="mp-card mp-doc" aria-labelledby="mp-doc-heading">
      <h2 id="mp-doc-heading" className="mp-h2">
        {TEXTS.doc.heading}
        <Link className="mp-link mp-small" to={routePath('articles.docs.detail', { id: doc.id })}>
          {TEXTS.doc.toDoc}
        </Link>
      </h2>
      {onSelect ? (
        <button type="button" className="mp-option mp-doc-option" aria-pressed={!!selected} data-selected={selected || undefined} onClick={onSelect}>
          {body}
        </button>
      ) : (
        <div className="mp-option mp-doc-option">{body}</div>
      )}
    </section>
  );
}

/** A document that needs no purchase: free, already bought or one's own. */
export function DocNoPurchase({ doc }: { doc: DocDetail }) {
  return (
    <section className="mp-card mp-doc">
      <h2 className="mp-h2">{doc.title}</h2>
      <p>{doc.is_free || doc.price <= 0 ? TEXTS.doc.free : TEXTS.doc.purchased}</p>
      <Link className="mp-btn mp-primary" to={routePath('articles.docs.detail', { id: doc.id })}>
        {TEXTS.doc.toDoc}
      </Link>
    </section>
  );
}
