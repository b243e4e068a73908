'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Button, buttonClasses } from '../ui/button';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';
import { announceNotificationsChanged, markAllNotificationsRead, setNotificationRead } from '../shell/notifications-api';

/** After a change: the page shows it, and so does the bell's count. */
function useRefresh() {
  const router = useRouter();
  return () => {
    announceNotificationsChanged();
    router.refresh();
  };
}

export function MarkAllReadButton({ disabled }: { disabled: boolean }) {
  const t = useTranslations('shell.notifications');
  const toast = useToast();
  const refresh = useRefresh();
  const action = useAction(() => markAllNotificationsRead(), {
    onSuccess: () => {
      toast.show(t('page.allRead'), { tone: 'success' });
      refresh();
    },
    onError: () => toast.show(t('page.failed'), { tone: 'error' }),
  });
  return (
    <Button variant="secondary" disabled={disabled || action.isPending} onClick={() => action.mutate(undefined)}>
      {t('markAllRead')}
    </Button>
  );
}

export function ReadToggle({ id, read, title }: { id: string; read: boolean; title: string }) {
  const t = useTranslations('shell.notifications');
  const toast = useToast();
  const refresh = useRefresh();
  const action = useAction((next: boolean) => setNotificationRead(id, next), {
    onSuccess: refresh,
    onError: () => toast.show(t('page.failed'), { tone: 'error' }),
  });
  const label = read ? t('markUnread') : t('markRead');
  return (
    <Button variant="ghost" size="sm" aria-label={`${label}: ${title}`} disabled={action.isPending} onClick={() => action.mutate(!read)}>
      {label}
    </Button>
  );
}

/** Opens where the notification leads; an unread one is marked read on the way. */
export function NotificationOpenLink({ id, href, read }: { id: string; href: string; read: boolean }) {
  const t = useTranslations('shell.notifications');
  return (
    <Link
      href={href}
      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
      onClick={() => {
        if (!read) void setNotificationRead(id, true).then(announceNotificationsChanged, () => undefined);
      }}
    >
      {t('page.open')}
    </Link>
  );
}
