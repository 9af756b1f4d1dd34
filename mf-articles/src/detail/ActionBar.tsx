import { useState } from 'react';
import { toastError, toastSuccess } from 'shared-kernel';
import { CollectDialog } from './CollectDialog';
import { ReportDialog } from './ReportDialog';
import { withLogin } from './require-login';
import { uncollect, type ItemKind } from './social-api';

export interface ActionBarProps {
  kind: ItemKind;
  id: number;
  collected: boolean;
  collectCount: number;
  onCollected: (collected: boolean) => void;
  /** The share link of the item: {sign, share_url}. */
  shareSign: () => Promise<{ sign: string; share_url: string }>;
}

/** Copies text to the clipboard (the async API where allowed, else a hidden text area). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** The share address: the page's own URL on this site, with the sharer's sign when logged in. */
export function shareLink(answer: { sign: string; share_url: string }): string {
  const url = new URL(answer.share_url, window.location.origin);
  if (answer.sign) url.searchParams.set('sign', answer.sign);
  return url.toString();
}

/** Favourite (into a folder), share link and complaint: the actions of a detail page. */
export function ActionBar({ kind, id, collected, collectCount, onCollected, shareSign }: ActionBarProps) {
  const [dialog, setDialog] = useState<'collect' | 'report' | null>(null);

  const onCollect = () =>
    withLogin(async () => {
      if (!collected) return setDialog('collect');
      await uncollect(kind, id);
      onCollected(false);
      toastSuccess('已取消收藏');
    }, '登录后收藏');

  const onShare = async () => {
    try {
      const link = shareLink(await shareSign());
      if (await copyText(link)) toastSuccess('链接已复制，快去分享给好友吧');
      else toastError(`复制失败，请手动复制：${link}`);
    } catch {
      /* the kernel showed why */
    }
  };

  return (
    <div className="dt-actions">
      <button type="button" className={collected ? 'dt-action dt-action-on' : 'dt-action'} aria-pressed={collected} onClick={onCollect}>
        <span className="dt-ico" aria-hidden="true">
          {collected ? '★' : '☆'}
        </span>
        {collected ? '已收藏' : '收藏'}
        {collectCount > 0 && <span className="dt-num">{collectCount}</span>}
      </button>
      <button type="button" className="dt-action" onClick={onShare}>
        <span className="dt-ico" aria-hidden="true">
          ⤴
        </span>
        分享
      </button>
      <button type="button" className="dt-action" onClick={() => withLogin(() => setDialog('report'), '登录后投诉')}>
        <span className="dt-ico" aria-hidden="true">
          ⚑
        </span>
        投诉
      </button>
      {dialog === 'collect' && (
        <CollectDialog
          kind={kind}
          id={id}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            onCollected(true);
          }}
        />
      )}
      {dialog === 'report' && <ReportDialog type={kind} id={id} onClose={() => setDialog(null)} />}
    </div>
  );
}
