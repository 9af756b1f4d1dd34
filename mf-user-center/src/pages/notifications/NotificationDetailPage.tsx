import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { emit, routeLinkPath, routePath, useLoad } from 'shared-kernel';
import { formatTime } from '../../coins/format';
import { getNotification, markRead, unreadCount } from '../../notifications/api';
import { NOTIFICATION_TEXTS as t } from '../../notifications/texts';
import { LoadError, Loading, PageFrame } from '../../ui/Status';

const ROUTE = 'user.notifications.detail';

/** user/notifications/detail/{id}: the message, its time, a link to what it is about; opening it reads it. */
export default function NotificationDetailPage() {
  const { id = '' } = useParams();
  const loaded = useLoad(`notification:${id}`, () => getNotification(id));
  const n = loaded.data;
  useEffect(() => {
    if (!n || n.is_read) return;
    void markRead(n.id)
      .then(unreadCount)
      .then((unread) => emit('notifications:unread-changed', { unread }))
      .catch(() => undefined);
  }, [n]);
  const link = n ? routeLinkPath(n.link) : null;
  return (
    <PageFrame route={ROUTE}>
      {loaded.error ? (
        <LoadError error={loaded.error} onRetry={loaded.reload} />
      ) : !n ? (
        <Loading />
      ) : (
        <article className="uc-card" data-testid="notification-detail">
          <h2 className="uc-h2">{n.title}</h2>
          <p>{n.body}</p>
          <p className="uc-muted uc-small">
            {t.detail.time}：<time dateTime={n.create_time}>{formatTime(n.create_time)}</time>
          </p>
          <div className="uc-actions">
            {link && (
              <Link className="uc-btn uc-primary" to={link}>
                {t.detail.toLink}
              </Link>
            )}
            <Link className="uc-btn" to={routePath('user.notifications.list')}>
              {t.detail.back}
            </Link>
          </div>
        </article>
      )}
    </PageFrame>
  );
}
