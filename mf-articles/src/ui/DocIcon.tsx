import { docIcon } from 'shared-kernel';

/**
 * A document's file icon by ext_cate, in its colour while the document is active and grey otherwise (SPEC §3).
 * `active` is the API's icon state (1 for published and restored documents).
 */
export function DocIcon({ extCate, active, size = 40 }: { extCate: string; active: number; size?: number }) {
  const icon = docIcon(extCate, active === 1 ? 1 : 0);
  return (
    <span className={`ar-doc-icon ${icon.className}`} style={{ width: size, height: size * 1.2 }} data-ext-cate={icon.category} data-active={icon.active ? '1' : '0'}>
      <svg viewBox="0 0 40 48" width={size} height={size * 1.2} aria-hidden="true" focusable="false">
        <path d="M4 2h22l10 10v32a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z" fill={icon.color} />
        <path d="M26 2v8a2 2 0 0 0 2 2h8z" fill="#fff" fillOpacity=".45" />
      </svg>
      <span className="ar-doc-icon-label">{icon.label}</span>
    </span>
  );
}
