import { useCallback } from 'react';
import { ListFooter, useInfiniteList } from 'shared-kernel';
import { formatTime } from '../coins/format';
import { listShares, type ShareLink } from './api';
import { copyLink } from './share';
import { LIB_TEXTS } from './texts';

const t = LIB_TEXTS.shares;

/** What I shared (documents, blogs, folders), newest first, with how often each link was opened. */
export function SharesCard({ route }: { route: string }) {
  const fetchPage = useCallback((page: number, signal: AbortSignal) => listShares(page, signal), []);
  const list = useInfiniteList<ShareLink>({ fetchPage, key: 'my-shares', route });
  return (
    <section className="uc-card" aria-labelledby="ucl-shares-title">
      <h2 id="ucl-shares-title" className="uc-h2">{t.heading}</h2>
      {list.status === 'done' && list.items.length === 0 ? (
        <p className="uc-muted">{t.empty}</p>
      ) : (
        <ul className="ucl-items">
          {list.items.map((link) => (
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
          ))}
        </ul>
      )}
      <ListFooter list={list} />
    </section>
  );
}
