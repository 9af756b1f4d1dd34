import { useEffect, useState } from 'react';
import { on, routePath } from 'shared-kernel';
import type { NotificationStreamEvent } from 'contracts';
import { BellIcon } from './icons';
import { NavLink } from './NavLink';

/** The stream of my unread count and new messages (SSE through the shell's /api/ proxy). */
export const NOTIFICATION_STREAM_PATH = '/api/notifications/stream/';

/**
 * The count the bell shows, live: one EventSource per tab (a browser holds six per origin over HTTP/1.1, enough
 * for the tabs people keep; sharing one per browser through a BroadcastChannel would need a leader election for
 * little gain). EventSource reconnects by itself after a network drop; the server sends the count on every
 * (re)connect, so the number is right after any gap. Pages that change messages raise the kernel's
 * `notifications:unread-changed` for an instant update.
 */
export function useUnreadCount(enabled: boolean): number | null {
  const [unread, setUnread] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(NOTIFICATION_STREAM_PATH);
    source.onmessage = (message: MessageEvent<string>) => {
      try {
        const event = JSON.parse(message.data) as NotificationStreamEvent;
        setUnread(event.unread);
      } catch {
        // not ours: ignored
      }
    };
    const off = on('notifications:unread-changed', ({ unread: n }) => setUnread(n));
    return () => {
      off();
      source.close();
      setUnread(null);
    };
  }, [enabled]);
  return unread;
}

/** The bell in the navbar: my unread count and a link to my messages. */
export function NotificationBell() {
  const unread = useUnreadCount(true);
  const label = unread ? `消息，${unread} 条未读` : '消息';
  return (
    <NavLink to={routePath('user.notifications.list')} className="icon-btn nav-bell" aria-label={label} data-testid="navbar-bell">
      <BellIcon />
      {unread ? (
        <span className="nav-bell-count" data-testid="navbar-bell-count">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </NavLink>
  );
}
