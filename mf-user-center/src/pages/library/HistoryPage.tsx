import { useCallback, useState } from 'react';
import { ListFooter, toastSuccess, useInfiniteList } from 'shared-kernel';
import { clearHistory, deleteHistory, listHistory, type BrowsingHistoryItem } from '../../library/api';
import { ItemRow } from '../../library/ItemRow';
import { ensureLibraryStyles } from '../../library/styles';
import { LIB_TEXTS } from '../../library/texts';
import { PageFrame } from '../../ui/Status';

const ROUTE = 'user.history.list';
const t = LIB_TEXTS.history;
const pad = (n: number) => String(n).padStart(2, '0');
const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** 今天, 昨天, or the date, in the reader's time zone. */
export function dayLabel(iso: string, now = new Date()): string {
  const day = dayKey(new Date(iso));
  if (day === dayKey(now)) return t.today;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  return day === dayKey(yesterday) ? t.yesterday : day;
}

/** Entries (newest first) in runs of the same day. */
function byDay(items: BrowsingHistoryItem[]): [string, BrowsingHistoryItem[]][] {
  const groups: [string, BrowsingHistoryItem[]][] = [];
  for (const item of items) {
    const label = dayLabel(item.create_time);
    const last = groups.at(-1);
    if (last && last[0] === label) last[1].push(item);
    else groups.push([label, [item]]);
  }
  return groups;
}

const clock = (iso: string) => {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

function ClearAll({ onCleared }: { onCleared: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking) return <button type="button" className="uc-link ucl-bad" onClick={() => setAsking(true)}>{t.clear}</button>;
  const confirm = async () => {
    try {
      await clearHistory();
      toastSuccess(t.cleared);
      onCleared();
    } catch {
      /* the kernel's toast said why */
    }
    setAsking(false);
  };
  return (
    <span className="ucl-actions" role="group" aria-label={t.clearAsk}>
      <span className="uc-small">{t.clearAsk}</span>
      <button type="button" className="uc-link ucl-bad" onClick={() => void confirm()}>{LIB_TEXTS.confirm}</button>
      <button type="button" className="uc-link" onClick={() => setAsking(false)}>{LIB_TEXTS.cancel}</button>
    </span>
  );
}

/** user/history/list: what I read, newest first, under a heading per day; delete one, or clear all. */
export default function HistoryPage() {
  ensureLibraryStyles();
  const [round, setRound] = useState(0);
  const fetchPage = useCallback((page: number, signal: AbortSignal) => listHistory(page, signal), []);
  const list = useInfiniteList<BrowsingHistoryItem>({ fetchPage, key: `history:${round}`, route: ROUTE });
  const [gone, setGone] = useState<Set<number>>(new Set());
  const items = list.items.filter((i) => !gone.has(i.id));
  const remove = async (id: number) => {
    try {
      await deleteHistory(id);
      setGone((s) => new Set(s).add(id));
      toastSuccess(t.deleted);
    } catch {
      /* the kernel's toast said why */
    }
  };
  return (
    <PageFrame route={ROUTE}>
      <section className="uc-card">
        <div className="ucl-head">
          <h2 className="uc-h2">{t.heading}</h2>
          {items.length > 0 && <ClearAll onCleared={() => setRound((n) => n + 1)} />}
        </div>
        {list.status === 'done' && items.length === 0 ? (
          <p className="uc-empty uc-muted">{t.empty}</p>
        ) : (
          byDay(items).map(([day, entries]) => (
            <div key={day} role="group" aria-label={day}>
              <h3 className="ucl-day">{day}</h3>
              <ul className="ucl-items">
                {entries.map((entry) => (
                  <ItemRow key={entry.id} entry={entry} time={t.readAt(clock(entry.create_time))}>
                    <button type="button" className="uc-link" onClick={() => void remove(entry.id)}>{LIB_TEXTS.remove}</button>
                  </ItemRow>
                ))}
              </ul>
            </div>
          ))
        )}
        <ListFooter list={list} />
      </section>
    </PageFrame>
  );
}
