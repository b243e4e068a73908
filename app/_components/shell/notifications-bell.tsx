'use client';

import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { notificationText } from './notification-text';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@/lib/format';
import { useHandoff, type Handoff } from './handoff';
import { Icon } from './icon';
import {
  NOTIFICATIONS_CHANGED_EVENT,
  NOTIFICATIONS_QUERY_KEY,
  fetchNotifications,
  markAllNotificationsRead,
  setNotificationRead,
  type ShellNotification,
} from './notifications-api';

function safeDateTime(value: string, zone?: string): string {
  try {
    return formatDateTime(value, zone);
  } catch {
    return value;
  }
}

/** The bell: unread count, the latest notifications, mark one read or unread, mark all read. */
export interface NotificationsBellProps {
  /** The service's Notification page; none in the company area. */
  allHref: string | null;
  /** The unread count the server rendered, shown until the list has loaded. */
  initialUnread: number | null;
}

const newQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false }, mutations: { retry: false } } });
let browserClient: QueryClient | null = null;

/**
 * The notifications' query cache loads with the bell (the only widget that polls), not with every page. In the
 * browser it lives as long as the page's scripts, so the list survives navigations; a server render gets its own.
 */
const notificationsClient = () => (typeof window === 'undefined' ? newQueryClient() : (browserClient ??= newQueryClient()));

export function NotificationsBell(props: NotificationsBellProps & { handoff?: Handoff }) {
  const [client] = useState(notificationsClient);
  return (
    <QueryClientProvider client={client}>
      <Bell {...props} />
    </QueryClientProvider>
  );
}

function Bell({ allHref, initialUnread, handoff }: NotificationsBellProps & { handoff?: Handoff }) {
  const t = useTranslations('shell.notifications');
  const zone = useTimeZone();
  const locale = useLocale();
  const textOf = (item: ShellNotification) => notificationText(item, t, locale);
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  useHandoff(trigger, handoff);
  const queryClient = useQueryClient();
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    window.addEventListener(NOTIFICATIONS_CHANGED_EVENT, reload);
    return () => window.removeEventListener(NOTIFICATIONS_CHANGED_EVENT, reload);
  }, [queryClient]);
  const query = useQuery({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: fetchNotifications,
    staleTime: 30_000,
    refetchInterval: 60_000,
    retry: 1,
  });
  const invalidate = () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
  const toggleRead = useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) => setNotificationRead(id, read),
    onSettled: invalidate,
  });
  const readAll = useMutation({ mutationFn: markAllNotificationsRead, onSettled: invalidate });

  const unread = query.data?.unreadCount ?? initialUnread ?? 0;
  const items = query.data?.items ?? [];
  const failed = query.isError || toggleRead.isError || readAll.isError;

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="shell-icon-button"
        aria-label={t('button', { count: unread })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        data-testid="notifications-bell"
      >
        <Icon name="bell" />
        {unread > 0 ? (
          <span className="shell-badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} className="shell-notifications-dialog">
        <DialogPanel className="shell-popover shell-popover-wide shell-notifications-panel">
          <div className="shell-popover-head">
            <DialogTitle className="shell-popover-title">{t('title')}</DialogTitle>
            <button type="button" className="shell-text-button" disabled={unread === 0 || readAll.isPending} onClick={() => readAll.mutate()}>
              {t('markAllRead')}
            </button>
          </div>
          {query.isPending ? <p className="shell-popover-empty">{t('loading')}</p> : null}
          {failed ? (
            <p className="shell-popover-empty" role="alert">
              {t('error')}
            </p>
          ) : null}
          {query.isSuccess && items.length === 0 ? <p className="shell-popover-empty">{t('empty')}</p> : null}
          <ul className="shell-notifications" role="list">
            {items.map((item) => (
              <li key={item.id} className="shell-notification" data-unread={item.read ? undefined : ''}>
                <span className="shell-unread-dot" aria-hidden="true" />
                <div className="shell-notification-text">
                  <p className="shell-notification-title">
                    {textOf(item).title}
                    <span className="sr-only">{item.read ? ` (${t('read')})` : ` (${t('unread')})`}</span>
                  </p>
                  {textOf(item).body ? <p className="shell-notification-body">{textOf(item).body}</p> : null}
                  {item.createdAt ? (
                    <time className="shell-notification-time" dateTime={item.createdAt}>
                      {safeDateTime(item.createdAt, zone)}
                    </time>
                  ) : null}
                </div>
                <button
                  type="button"
                  className="shell-text-button"
                  disabled={toggleRead.isPending}
                  onClick={() => toggleRead.mutate({ id: item.id, read: !item.read })}
                  aria-label={`${item.read ? t('markUnread') : t('markRead')}: ${textOf(item).title}`}
                >
                  {item.read ? t('markUnread') : t('markRead')}
                </button>
              </li>
            ))}
          </ul>
          {allHref ? (
            <Link href={allHref} prefetch={false} className="shell-popover-foot" onClick={() => setOpen(false)}>
              {t('viewAll')}
            </Link>
          ) : null}
        </DialogPanel>
      </Dialog>
    </>
  );
}
