import { useCallback, useEffect, useState } from 'react';
import { errorMessageOf, isNotLoggedIn, navigate, toastError, toastSuccess, useIsLoggedIn } from 'shared-kernel';
import type { DownloadOutcome, PayAnswer, Quota } from '../api/documents';
import { formatDateTime, formatPrice, payPath, startBrowserDownload } from './download';
import { loginThen } from './require-login';

export interface DownloadBoxProps {
  /** Reads the requester's free quota for this item. */
  quota: () => Promise<Quota>;
  /** Asks for the download: a signed link or a payment answer. */
  download: () => Promise<DownloadOutcome>;
  /** Bought (or one's own): downloads cost nothing. */
  owned?: boolean;
  compact?: boolean;
  label?: string;
  /** What the item says of itself (free or its price): the quota line shows it before the quota has come. */
  known?: Pick<Quota, 'is_free' | 'price'>;
}

/** The quota left, the download button, and after a 402 what the API answered with the way to payment. */
export function DownloadBox({ quota, download, owned = false, compact = false, label = '立即下载', known }: DownloadBoxProps) {
  const [info, setInfo] = useState<Quota | null>(null);
  const [pay, setPay] = useState<PayAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const loggedIn = useIsLoggedIn();

  const refresh = useCallback(() => {
    quota().then(setInfo, () => undefined);
  }, [quota]);
  useEffect(refresh, [refresh]);

  const run = async () => {
    setBusy(true);
    try {
      const outcome = await download();
      if (outcome.ok) {
        setPay(null);
        startBrowserDownload(outcome.link.url);
        toastSuccess('开始下载');
        refresh();
      } else setPay(outcome.pay);
    } catch (error) {
      // a session that expired: the kernel asked for login; download again afterwards
      if (isNotLoggedIn(error)) loginThen(() => void run(), '登录后下载', false);
      else toastError(errorMessageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={compact ? 'dt-download dt-download-compact' : 'dt-download'}>
      {!compact && <QuotaText info={info} known={known} owned={owned} />}
      {compact && info && !info.is_free && <span className="dt-price">{formatPrice(info.price)}</span>}
      <button type="button" className="dt-btn dt-primary dt-download-btn" disabled={busy} onClick={run}>
        {busy ? '请稍候…' : label}
      </button>
      {pay && (
        <div className="dt-pay" role="alert">
          <p>{pay.message}</p>
          {pay.code === 'free_quota_exhausted' && pay.reset_time && (
            <p className="dt-muted">免费次数将于 {formatDateTime(pay.reset_time)} 重置</p>
          )}
          <div className="dt-pay-actions">
            {/* a visitor's quota is smaller than a user's: logging in and trying again may be enough */}
            {pay.code === 'free_quota_exhausted' && !loggedIn && (
              <button type="button" className="dt-btn" onClick={() => loginThen(() => void run(), '登录后下载')}>
                登录后下载
              </button>
            )}
            <button type="button" className="dt-btn dt-primary" onClick={() => navigate(payPath(pay))}>
              {pay.code === 'free_quota_exhausted' ? '购买下载套餐' : `去支付${pay.price ? ` ${formatPrice(pay.price)}` : ''}`}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * The quota line: one element from the first paint (it keeps its height, and only its numbers change when the
 * quota comes, so the page's largest text is painted once), with what the item says of itself meanwhile.
 */
function QuotaText({ info, known, owned }: { info: Quota | null; known?: Pick<Quota, 'is_free' | 'price'>; owned: boolean }) {
  const about = info ?? known;
  let text;
  if (owned) text = '已拥有，可直接下载';
  else if (!about) text = <span className="dt-price">&nbsp;</span>;
  else if (!about.is_free)
    text = (
      <>
        <span className="dt-price">{formatPrice(about.price)}</span> 付费文档，购买后即可下载
      </>
    );
  else
    text = (
      <>
        免费下载 · 今日剩余免费下载次数 <strong>{info ? info.left : '–'}</strong>/{info ? info.total : '–'}
        {info?.downloaded_today && <span className="dt-muted">（今日已下载，再次下载不占次数）</span>}
      </>
    );
  return (
    <p className="dt-quota" data-testid={info?.is_free && !owned ? 'quota' : undefined} aria-busy={info || owned ? undefined : true}>
      {text}
    </p>
  );
}
