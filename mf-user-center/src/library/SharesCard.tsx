import { useCallback } from 'react';
import { useInfiniteList } from 'shared-kernel';
import { formatTime } from '../coins/format';
import { listShares, type ShareLink } from './api';
import { copyLink } from './share';
import { LIB_TEXTS } from './texts';
import { ListCard } from '../ui/ListCard';

const t = LIB_TEXTS.shares;

/** What I shared (documents, blogs, folders), newest first, with how often each link was opened. */
export function SharesCard({ route }: { route: string }) {
  const fetchPage = useCallback((page: number, signal: AbortSignal) => listShares(page, signal), []);
  const list = useInfiniteList<ShareLink>({ fetchPage, key: 'my-shares', route });
  return (
    <ListCard titleId="ucl-shares-title" title={t.heading} list={list} empty={t.empty} listClassName="ucl-items" renderItem={(link) => (
      <li key={link.id} className="ucl-item" data-testid="share-link">
        <span className="ucl-kind">{t.kinds[link.type]}</span>
        <div className="ucl-item-main">
          <span className="ucl-item-title">{link.target.title}</span>
          <span className="ucl-meta">
            <span>{t.opens(link.opens)}</span>
            <time dateTime={link.create_time}>{formatTime(link.create_time)}</time>
          </span>
        </div>
        <button type="button" className="uc-link" onClick={() => void copyLink(`${window.location.origin}${link.url}`)}>{t.copy}</button>
      </li>
    )} />
  );
}
