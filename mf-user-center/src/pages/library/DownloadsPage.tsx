import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { ListFooter, routePath, useInfiniteList, useLoad } from 'shared-kernel';
import { formatTime } from '../../coins/format';
import { downloadLink, getDownloadStats, listDownloads, type DownloadRecord, type DownloadStatistics } from '../../library/api';
import { shareFileAndCopy } from '../../library/share';
import { ShareFilesCard } from '../../library/ShareFilesCard';
import { ensureLibraryStyles } from '../../library/styles';
import { LIB_TEXTS } from '../../library/texts';
import { PageFrame } from '../../ui/Status';

const ROUTE = 'user.docs.download';
const t = LIB_TEXTS.downloads;

/** The day (UTC+8, the site's free-download day) of a moment. */
const siteDay = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/** Whether downloading the document again is free, as the API's grants decide (docs/library.md). */
export function againHint(record: DownloadRecord, now = new Date()): string {
  if (record.kind === 'paid' || record.kind === 'owner') return t.freeForever;
  if (siteDay(new Date(record.create_time)) === siteDay(now)) return t.freeToday;
  return t.notFree;
}

function Stats({ stats }: { stats: DownloadStatistics }) {
  const cells: [string, number][] = [[t.today, stats.today], [t.total, stats.total], [t.freeLeft, stats.free_left], [t.uploaded, stats.uploaded_downloads]];
  return (
    <section className="uc-card" aria-label={t.stats}>
      <dl className="ucl-stats">
        {cells.map(([label, value]) => (
          <div key={label}>
            <dt className="uc-small uc-muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

async function again(id: number) {
  try {
    window.location.assign((await downloadLink(id)).url);
  } catch {
    /* the kernel's toast said why (402: it must be bought) */
  }
}

/** user/docs/download: my local documents (each document I downloaded or bought once), re-download. */
export default function DownloadsPage() {
  ensureLibraryStyles();
  const stats = useLoad('download-stats', getDownloadStats);
  const fetchPage = useCallback((page: number, signal: AbortSignal) => listDownloads(page, signal), []);
  const list = useInfiniteList<DownloadRecord>({ fetchPage, key: 'my-downloads', route: ROUTE });
  return (
    <PageFrame route={ROUTE}>
      {stats.data && <Stats stats={stats.data} />}
      <section className="uc-card">
        {list.status === 'done' && list.items.length === 0 ? (
          <p className="uc-empty uc-muted">{t.empty}</p>
        ) : (
          <ul className="ucl-items">
            {list.items.map((r) => (
              <li key={r.id} className="ucl-item" data-testid="download-record">
                <span className="ucl-kind">{r.docs.file_type.toUpperCase()}</span>
                <div className="ucl-item-main">
                  <Link className="ucl-item-title uc-link" to={routePath('articles.docs.detail', { id: r.docs.id })}>{r.docs.title}</Link>
                  <span className="ucl-meta">
                    <span>{t.lastAt(formatTime(r.create_time))}</span>
                    <span>{againHint(r)}</span>
                  </span>
                </div>
                <span className="ucl-actions">
                  {(r.kind === 'owner' || r.docs.is_free) && (
                    <button type="button" className="uc-link" onClick={() => void shareFileAndCopy(r.docs.id)}>{t.shareFile}</button>
                  )}
                  <button type="button" className="uc-btn" onClick={() => void again(r.docs.id)}>{t.again}</button>
                </span>
              </li>
            ))}
          </ul>
        )}
        <ListFooter list={list} />
      </section>
      <ShareFilesCard route={ROUTE} />
    </PageFrame>
  );
}
