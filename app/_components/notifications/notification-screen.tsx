import 'server-only';
import { getLocale, getTranslations, getTimeZone } from 'next-intl/server';
import { z } from 'zod';
import { listAnswerSchema } from '@contract/list';
import { NOTIFICATION_KINDS, NOTIFICATION_PATH, NOTIFICATION_STATES, notificationSchema } from '@contract/resources/notifications';
import { formatDateTime } from '@/lib/format';
import { parseListQuery } from '@/lib/resources/list-query';
import type { FilterDef } from '@/lib/resources/kit';
import { fetchForPage } from '@/lib/server/page-fetch';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { canOpen } from '../resource/access';
import { ListControls } from '../resource/list-controls';
import { Pagination } from '../resource/pagination';
import { PageFrame } from '../shell/page-frame';
import { notificationText } from '../shell/notification-text';
import { toNotification, type ShellNotification } from '../shell/notifications-api';
import type { ScreenProps } from '../shell/screens';
import { MarkAllReadButton, NotificationOpenLink, ReadToggle } from './notification-actions';

const NS = 'shell.notifications';
/** The list's view in the URL: read state and kind, newest first, paged. */
const VIEW = {
  sortFields: ['createdAt'],
  defaultSort: { sort: 'createdAt', order: 'desc' as const },
  filters: [
    { field: 'state', label: 'page.state', kind: 'select', options: NOTIFICATION_STATES.map((s) => ({ value: s, label: `${NS}.page.states.${s}` })) },
    { field: 'kind', label: 'page.kind', kind: 'select', options: NOTIFICATION_KINDS.map((k) => ({ value: k, label: `${NS}.kinds.${k}.title` })) },
  ] satisfies FilterDef[],
};

const answerSchema = listAnswerSchema(notificationSchema).extend({ unreadCount: z.number().int() });

/** `/Notification`: everything behind the bell, newest first, filtered by read state and kind; read / unread, all read. */
export async function NotificationScreen({ ctx, pathname, searchParams }: ScreenProps) {
  const zone = await getTimeZone();
  const t = await getTranslations(NS);
  const locale = await getLocale();
  const query = parseListQuery(VIEW, searchParams);
  const answer = await fetchForPage(NOTIFICATION_PATH, {
    schema: answerSchema,
    query: { page: String(query.page), pageSize: String(query.pageSize), ...query.filters },
    returnTo: pathname,
  });
  const items = answer.data.map(toNotification).filter((n): n is ShellNotification => n !== null);
  const links = new Map(answer.data.map((n) => [String(n.id), n.link]));
  const filtered = Object.keys(query.filters).length > 0;
  return (
    <PageFrame
      route={ctx.route}
      description={t('page.unread', { count: answer.unreadCount })}
      actions={<MarkAllReadButton disabled={answer.unreadCount === 0} />}
    >
      <Card>
        <ListControls namespace={NS} filters={VIEW.filters} filterOptions={{}} searchable={false} />
        {items.length === 0 ? (
          <EmptyState title={filtered ? t('page.noneMatch') : t('empty')} description={filtered ? t('page.clearHint') : undefined} />
        ) : (
          <ul className="divide-y divide-line" aria-label={t('title')}>
            {items.map((item) => {
              const text = notificationText(item, (key, values) => t(key, values), locale);
              const link = links.get(item.id);
              return (
                <li
                  key={item.id}
                  data-notification-id={item.id}
                  data-read={item.read}
                  className={`flex flex-wrap items-start gap-3 py-3 ${item.read ? '' : 'bg-primary-soft/40'}`}
                >
                  <span aria-hidden="true" className={`mt-2 size-2 shrink-0 rounded-full ${item.read ? 'bg-transparent' : 'bg-primary'}`} />
                  <div className="min-w-0 flex-1">
                    <p className={`text-sm ${item.read ? 'text-fg' : 'font-semibold text-fg'}`}>
                      {text.title}
                      <span className="sr-only"> ({item.read ? t('read') : t('unread')})</span>
                    </p>
                    <p className="text-sm text-fg-muted">{text.body}</p>
                    <p className="mt-1 text-xs text-fg-muted">
                      <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, zone)}</time>
                    </p>
                  </div>
                  <div className="flex shrink-0 items-center gap-2">
                    {link && link.startsWith('/') && canOpen(ctx, link.split(/[?#]/)[0]!) && <NotificationOpenLink id={item.id} href={link} read={item.read} />}
                    <ReadToggle id={item.id} read={item.read} title={text.title} />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <Pagination pathname={pathname} query={query} total={answer.total} defaults={VIEW} />
      </Card>
    </PageFrame>
  );
}
