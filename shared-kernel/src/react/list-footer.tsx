import { useEffect, useRef } from 'react';
import { LIST_END_TEXT } from '../constants/limits';
import { useAppState } from './hooks';
import type { InfiniteList } from './infinite-list';

/** The texts of the shared list footer (SPEC.md §2). */
export const LIST_FOOTER_TEXTS = {
  offline: '加载失败，请检查网络后重试',
  failed: '加载失败',
  retry: '重试',
  loadMore: '加载更多',
  loading: '加载中…',
  end: LIST_END_TEXT,
} as const;

const STYLE_ID = 'kernel-list-footer-style';
const LIST_FOOTER_CSS = `
.kl-footer{display:flex;align-items:center;justify-content:center;gap:10px;min-height:56px;padding:12px 16px;color:var(--muted,#5c6370);
  font-size:14px;text-align:center}
.kl-end{letter-spacing:1px}
.kl-more,.kl-retry{min-height:36px;padding:0 14px;border:1px solid var(--line,#e5e8ef);border-radius:18px;background:var(--card,#fff);
  color:var(--link,#0958d9);font:inherit;font-size:14px;cursor:pointer}
.kl-more:hover,.kl-retry:hover{border-color:var(--primary,#1677ff)}
.kl-error{color:#cf1322}
.kl-spinner{width:16px;height:16px;border:2px solid var(--line,#e5e8ef);border-top-color:var(--primary,#1677ff);border-radius:50%;
  animation:kl-spin .8s linear infinite}
@keyframes kl-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.kl-spinner{animation:none}}
`;

function ensureStyles(): void {
  if (document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = LIST_FOOTER_CSS;
  document.head.appendChild(style);
}

export interface ListFooterProps {
  list: Pick<InfiniteList<unknown>, 'status' | 'loadMore' | 'retry' | 'items'>;
  /** The end-of-list text; default '---- end ----'. */
  endText?: string;
  /** Loads the next page when the footer scrolls into view (default true); 'load more' stays as a link. */
  auto?: boolean;
  /** How far below the viewport the next page starts loading, in px. */
  preload?: number;
}

/**
 * The shared list footer: loading, 'load more', end of list, and after a failure the offline message or a retry.
 * It scrolls the list infinitely when the browser can observe it, and tries again by itself when the browser
 * comes back online.
 */
export function ListFooter({ list, endText = LIST_FOOTER_TEXTS.end, auto = true, preload = 300 }: ListFooterProps) {
  const online = useAppState((s) => s.online);
  const sentinel = useRef<HTMLDivElement>(null);
  const { status, loadMore, retry } = list;

  useEffect(ensureStyles, []);

  useEffect(() => {
    const el = sentinel.current;
    if (!auto || status !== 'idle' || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    }, { rootMargin: `0px 0px ${preload}px 0px` });
    observer.observe(el);
    return () => observer.disconnect();
  }, [auto, status, loadMore, preload]);

  // Back online after a failure: try again without waiting for a click.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current && status === 'error') retry();
    wasOnline.current = online;
  }, [online, status, retry]);

  let body;
  if (status === 'loading') {
    body = (
      <>
        <span className="kl-spinner" aria-hidden="true" />
        <span>{LIST_FOOTER_TEXTS.loading}</span>
      </>
    );
  } else if (status === 'error') {
    body = (
      <>
        <span className="kl-error">{online ? LIST_FOOTER_TEXTS.failed : LIST_FOOTER_TEXTS.offline}</span>
        <button type="button" className="kl-retry" onClick={retry}>
          {LIST_FOOTER_TEXTS.retry}
        </button>
      </>
    );
  } else if (status === 'idle') {
    body = (
      <button type="button" className="kl-more" onClick={loadMore}>
        {LIST_FOOTER_TEXTS.loadMore}
      </button>
    );
  } else {
    body = list.items.length > 0 ? <span className="kl-end">{endText}</span> : null;
  }
  return (
    <div ref={sentinel} className="kl-footer" data-status={status} role="status" aria-live="polite">
      {body}
    </div>
  );
}
