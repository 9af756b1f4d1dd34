import { useCallback } from 'react';
import { useInfiniteList } from 'shared-kernel';
import { formatTime } from '../coins/format';
import { listShareFiles, type ShareFile } from './api';
import { copyLink } from './share';
import { LIB_TEXTS } from './texts';
import { ListCard } from '../ui/ListCard';

const t = LIB_TEXTS.shares;

/** My file shares, newest first: how often each was downloaded, and until when it works. */
export function ShareFilesCard({ route }: { route: string }) {
  const fetchPage = useCallback((page: number, signal: AbortSignal) => listShareFiles(page, signal), []);
  const list = useInfiniteList<ShareFile>({ fetchPage, key: 'my-share-files', route });
  return (
    <ListCard titleId="ucl-files-title" title={t.files} list={list} empty={t.filesEmpty} listClassName="ucl-items" renderItem={(share) => (
      <li key={share.id} className="ucl-item" data-testid="share-file">
        <div className="ucl-item-main">
          <span className="ucl-item-title">{share.docs.title}</span>
          <span className="ucl-meta">
            <span>{t.downloads(share.downloads)}</span>
            <span className={share.expired ? 'ucl-bad' : undefined}>{share.expired ? t.expired : t.expires(formatTime(share.expire_time))}</span>
          </span>
        </div>
        {!share.expired && (
          <button type="button" className="uc-link" onClick={() => void copyLink(`${window.location.origin}${share.url}`)}>{t.copy}</button>
        )}
      </li>
    )} />
  );
}
