import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { TEXTS } from '../texts';
import { useIsPc } from './use-is-pc';

interface Props {
  open: boolean;
  title: ReactNode;
  /** Closing by ×, Escape or the backdrop; without it the dialog is persistent (SPEC §2 disclaimer). */
  onClose?: () => void;
  children: ReactNode;
  /** 'sheet' on mobile: full-screen bottom sheet (SPEC §2, the login dialog); 'popup' always centred. */
  mobile?: 'sheet' | 'popup';
  /** Stacking: dialogs opened over other dialogs (the captcha) sit higher. */
  layer?: 'base' | 'top';
  width?: number;
  className?: string;
  /** Extra attributes for tests and styling, on the dialog element. */
  data?: Record<string, string>;
}

const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]),select,textarea,[tabindex]:not([tabindex="-1"])';

/** Dialogs open now: the page under them does not scroll while one is open. */
let openCount = 0;

/**
 * The dialog frame of mf-auth: a centred popup on PC, a full-screen bottom sheet (or a popup) on mobile. It is
 * modal: focus moves in, Tab stays inside, Escape closes (unless persistent), and focus returns on close.
 */
export function Modal({ open, title, onClose, children, mobile = 'sheet', layer = 'base', width = 420, className, data }: Props) {
  const pc = useIsPc();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();
    openCount += 1;
    document.documentElement.classList.add('ma-modal-open');
    return () => {
      openCount -= 1;
      if (openCount === 0) document.documentElement.classList.remove('ma-modal-open');
      if (before?.isConnected) before.focus();
    };
  }, [open]);

  if (!open) return null;
  const sheet = !pc && mobile === 'sheet';

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && closeRef.current) {
      event.stopPropagation();
      closeRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
    if (items.length === 0) return;
    const firstItem = items[0];
    const lastItem = items[items.length - 1];
    if (event.shiftKey && document.activeElement === firstItem) {
      event.preventDefault();
      lastItem.focus();
    } else if (!event.shiftKey && document.activeElement === lastItem) {
      event.preventDefault();
      firstItem.focus();
    }
  };

  return (
    <div className={`ma-overlay ma-layer-${layer}${sheet ? ' ma-overlay-sheet' : ''}`} onKeyDown={onKeyDown}>
      <div className="ma-backdrop" aria-hidden="true" onClick={() => closeRef.current?.()} />
      <div
        ref={panelRef}
        className={`ma-dialog${sheet ? ' ma-sheet' : ' ma-popup'}${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={sheet ? undefined : { width: `min(${width}px, calc(100vw - 24px))` }}
        {...Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [`data-${k}`, v]))}
      >
        <div className="ma-dialog-head">
          <h2 id={titleId} className="ma-dialog-title">
            {title}
          </h2>
          {onClose && (
            <button type="button" className="ma-icon-button ma-dialog-close" aria-label={TEXTS.close} onClick={() => closeRef.current?.()}>
              ×
            </button>
          )}
        </div>
        <div className="ma-dialog-body">{children}</div>
      </div>
    </div>
  );
}
