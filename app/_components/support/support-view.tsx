import 'server-only';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { supportTicketSchema } from '@contract/resources/support';
import { formatDateTime } from '@/lib/format';
import { RESOURCES } from '@/lib/resources';
import { apiPath, pagePath } from '@/lib/resources/kit';
import { fetchData } from '@/lib/resources/server';
import { canAt, canOpen } from '../resource/access';
import { PageFrame } from '../shell/page-frame';
import type { ScreenProps } from '../shell/screens';
import { StatusBadge } from '../ui/status-badge';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { Facts } from '../ui/facts';
import { ReplyForm } from './reply-form';
import { SupportThread } from './support-thread';
import { TicketControls } from './ticket-controls';

/**
 * `SupportFromPortal/View/{id}` and `SupportFromShop/View/{id}`: the ticket's facts, its status, assignee and priority
 * (changed with the version last read), the thread with its pictures, and the reply form.
 */
export async function SupportViewScreen({ ctx, pathname }: ScreenProps) {
  const service = String(ctx.route.service);
  const res = RESOURCES[ctx.route.label === 'supportFromShopView' ? 'supportFromShop' : 'supportFromPortal'];
  const ticket = await fetchData(apiPath(service, res, ctx.params.id ?? ''), supportTicketSchema, pathname);
  const t = await getTranslations('support');
  const base = apiPath(service, res, ticket.id);
  const orderLink = ticket.orderId && canOpen(ctx, `/Service/${service}/Orders/View/${ticket.orderId}`);
  const facts: [string, React.ReactNode][] = [
    [t('fields.status'), <StatusBadge key="s" kind="supportStatus" value={ticket.status} />],
    [t('fields.priority'), <StatusBadge key="p" kind="supportPriority" value={ticket.priority} />],
    [t('fields.category'), <StatusBadge key="c" kind="supportCategory" value={ticket.category} />],
    [t('fields.shopName'), ticket.shopName ?? '—'],
    [
      t('fields.orderNo'),
      ticket.orderNo ? (
        orderLink ? (
          <Link key="o" href={pagePath(service, '/Orders/View', ticket.orderId ?? '')} className="font-mono text-primary-strong underline">
            {ticket.orderNo}
          </Link>
        ) : (
          <span key="o" className="font-mono">
            {ticket.orderNo}
          </span>
        )
      ) : (
        '—'
      ),
    ],
    [t('fields.areaName'), ticket.areaName ?? ''],
    [t('fields.assignee'), ticket.assigneeName ?? t('view.nobody')],
    [t('fields.openedBy'), ticket.source === 'shop' ? (ticket.shopName ?? '') : (ticket.openedByName ?? '')],
    [t('fields.createdAt'), formatDateTime(ticket.createdAt)],
    [t('fields.lastMessageAt'), formatDateTime(ticket.lastMessageAt)],
  ];
  if (ticket.closedAt) facts.push([t('fields.closedAt'), formatDateTime(ticket.closedAt)]);
  return (
    <PageFrame
      route={ctx.route}
      title={ticket.subject}
      actions={
        <Link href={pagePath(service, res.routes.list)} className={buttonClasses({ variant: 'secondary' })}>
          {t('view.back')}
        </Link>
      }
    >
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-4">
          <Card title={t('view.thread')}>
            <SupportThread messages={ticket.messages ?? []} />
          </Card>
          {canAt(ctx, `${base}/reply`, 'create') && (
            <Card title={t('view.reply')}>
              <ReplyForm path={`${base}/reply`} uploadPath={apiPath(service, res, 'Images')} />
            </Card>
          )}
        </div>
        <div className="space-y-4">
          <Card title={t('view.ticket')}>
            <Facts items={facts} />
          </Card>
          {canAt(ctx, base, 'write') && (
            <Card title={t('view.change')}>
              <TicketControls
                path={base}
                ticket={ticket}
                me={{ uid: ctx.session.UserData.uid, name: ctx.session.UserData.displayName ?? ctx.session.UserData.username ?? ctx.session.UserData.uid }}
              />
            </Card>
          )}
        </div>
      </div>
    </PageFrame>
  );
}
