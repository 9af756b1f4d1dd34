import { getRoute } from 'shared-kernel';
import { ensureMeStyles } from '../../me/me-css';

/**
 * blank/blank (SPEC §2 "empty page"): nothing to see, on purpose (a target for app web views and redirects); only
 * a heading for screen readers, so the page is not nameless to them.
 */
export default function BlankPage() {
  ensureMeStyles();
  return (
    <div className="me-blank" data-route="blank.blank">
      <h1 className="me-sr-only">{getRoute('blank.blank').title}</h1>
    </div>
  );
}
