/** blank/blank (SPEC §2 "empty page"): a page with nothing on it, on purpose (a target for app web views and redirects). */
export default function BlankPage() {
  return <div className="me-blank" data-route="blank.blank" aria-hidden="true" />;
}
