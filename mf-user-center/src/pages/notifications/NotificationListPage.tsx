import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { emit, ListFooter, routePath, toastSuccess, useInfiniteList } from 'shared-kernel';
import { formatTime } from '../../coins/format';
import { listNotifications, markRead, readAll, removeNotification, unreadCount, type Notification } from '../../notifications/api';
import { NOTIFICATION_TEXTS as t } from '../../notifications/texts';
import { PageFrame } from '../../ui/Status';

const ROUTE = 'user.notifications.list';

/** After a change the bell shows the new count at once (its stream confirms it in every tab). */
async function tellBell(): Promise<void> {
  emit('notifications:unread-changed', { unread: await unreadCount() });
}

function Row({ n, onRead, onRemove }: { n: Notification; onRead: () => void; onRemove: () => void }) {
  return (
    <li className="uc-record" data-testid="notification" data-read={n.is_read}>
      <div className="uc-record-main">
        <Link to={routePath('user.notifications.detail', { id: n.id })} className="uc-record-title">
          {!n.is_read && <span className="uc-change-down" aria-label={t.unreadDot}>●</span>} {n.title}
        </Link>
        <p className="uc-muted">{n.body}</p>
        <time className="uc-muted uc-small" dateTime={n.create_time}>{formatTime(n.create_time)}</time>
      </div>
      <div className="uc-actions">
        {!n.is_read && (
          <button type="button" className="uc-btn" onClick={onRead}>
            {t.markRead}
          </button>
        )}
        <button type="button" className="uc-btn" onClick={onRemove}>
          {t.remove}
        </button>
      </div>
    </li>
  );
}

function List({ unread }: { unread: boolean }) {
  const [version, setVersion] = useState(0);
  const [changed, setChanged] = useState<Record<number, 'read' | 'removed'>>({});
  const fetchPage = useCallback((page: number, signal: AbortSignal) => listNotifications(unread, page, signal), [unread]);
  const list = useInfiniteList<Notification>({ fetchPage, key: `notifications:${unread ? 'unread' : 'all'}:${version}`, route: ROUTE });
  const items = list.items.filter((n) => changed[n.id] !== 'removed').map((n) => (changed[n.id] === 'read' ? { ...n, is_read: true } : n));
  const shown = unread ? items.filter((n) => !n.is_read || changed[n.id] === 'read') : items;
  const act = async (id: number, what: 'read' | 'removed') => {
    if (what === 'read') await markRead(id);
    else {
      await removeNotification(id);
      toastSuccess(t.removed);
    }
    setChanged((c) => ({ ...c, [id]: what }));
    await tellBell();
  };
  const markAll = async () => {
    const answer = await readAll();
    toastSuccess(t.readAllDone(answer.count));
    emit('notifications:unread-changed', { unread: answer.unread });
    setChanged({});
    setVersion((v) => v + 1);
  };
  return (
    <>
      <div className="uc-actions">
        <button type="button" className="uc-btn uc-primary" onClick={() => void markAll().catch(() => undefined)}>
          {t.readAll}
        </button>
      </div>
      {list.status === 'done' && shown.length === 0 ? (
        <p className="uc-empty uc-muted">{unread ? t.empty.unread : t.empty.all}</p>
      ) : (
        <ul className="uc-records">
          {shown.map((n) => (
            <Row key={n.id} n={n} onRead={() => void act(n.id, 'read').catch(() => undefined)} onRemove={() => void act(n.id, 'removed').catch(() => undefined)} />
          ))}
        </ul>
      )}
      <ListFooter list={list} />
    </>
  );
}

/** user/notifications/list: 全部 / 未读, mark one or all read, delete, page by page. */
export default function NotificationListPage() {
  const [params, setParams] = useSearchParams();
  const unread = params.get('tab') === 'unread';
  return (
    <PageFrame route={ROUTE}>
      <section className="uc-card">
        <div className="uc-chips" role="group" aria-label={t.tabs.label}>
          <button type="button" className="uc-chip" aria-pressed={!unread} onClick={() => setParams({}, { replace: true })}>
            {t.tabs.all}
          </button>
          <button type="button" className="uc-chip" aria-pressed={unread} onClick={() => setParams({ tab: 'unread' }, { replace: true })}>
            {t.tabs.unread}
          </button>
        </div>
        <List key={unread ? 'unread' : 'all'} unread={unread} />
      </section>
    </PageFrame>
  );
}
