import 'server-only';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations, getTimeZone } from 'next-intl/server';
import { formatDateTime } from '@/lib/format';
import { assignableBikers } from '@/lib/orders/bikers';
import { listOf, orderViewPath } from '@/lib/orders/lifecycle';
import { RESOURCES } from '@/lib/resources';
import { apiPath, pagePath } from '@/lib/resources/kit';
import { fetchBikers, fetchOrderDetail } from '@/lib/resources/orders-server';
import { canOpen, permissionsFor } from '../resource/access';
import { PageFrame } from '../shell/page-frame';
import type { ScreenProps } from '../shell/screens';
import { StatusBadge } from '../ui/status-badge';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { OrderBiker } from './order-biker';
import { OrderCancel } from './order-cancel';
import { OrderMap } from './order-map';
import { OrderFees, OrderTransactions } from './order-money';
import { OrderItems, OrderParties, OrderSummary } from './order-sections';
import { OrderTimeline } from './order-timeline';

/** The member's and the biker's pages, where the user may open them (members: admins only). */
function personLinks(ctx: ScreenProps['ctx'], service: string, order: { memberId: string; bikerId: string | null }) {
  const member = `/Service/${service}/Members/View/${encodeURIComponent(order.memberId)}`;
  const biker = order.bikerId ? `/Service/${service}/Member/Biker/View/${encodeURIComponent(order.bikerId)}` : null;
  return { member: canOpen(ctx, member) ? member : undefined, biker: biker && canOpen(ctx, biker) ? biker : undefined };
}

/**
 * `/Orders/View/{id}` and `/OrdersMessenger/View/{id}`: everything about one order, and the admin actions the user's
 * write flag on the list and the order's state both allow.
 */
export async function OrderViewScreen({ ctx, pathname }: ScreenProps) {
  const zone = await getTimeZone();
  const service = String(ctx.route.service);
  const list = ctx.route.label === 'ordersMessengerView' ? 'OrdersMessenger' : 'Orders';
  const res = RESOURCES[list === 'Orders' ? 'orders' : 'ordersMessenger'];
  const order = await fetchOrderDetail(service, list, ctx.params.id ?? '', pathname);
  if (listOf(order.kind) !== list) redirect(orderViewPath(service, order.kind, order.id));

  const t = await getTranslations('orders');
  const can = permissionsFor(ctx, service, res);
  const canCancel = can.write && order.actions.adminCancel;
  const bikerAction = can.write && (order.actions.assignBiker || order.actions.changeBiker);
  const bikers = bikerAction ? assignableBikers(await fetchBikers(service, order.areaId, pathname), order) : [];
  const path = (action: string) => apiPath(service, res, order.id, action);

  return (
    <PageFrame
      route={ctx.route}
      title={t('view.title', { orderNo: order.orderNo })}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          <StatusBadge kind="orderEvent" value={order.status} />
          <span>{t('view.createdAt', { at: formatDateTime(order.createdAt, zone) })}</span>
        </span>
      }
      actions={
        <Link href={pagePath(service, res.routes.list)} className={buttonClasses({ variant: 'secondary' })}>
          {t('view.backToList')}
        </Link>
      }
    >
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-4">
          <OrderSummary order={order} />
          <OrderParties order={order} links={personLinks(ctx, service, order)} />
          {order.kind !== 'parcel' && <OrderItems order={order} />}
          <OrderFees order={order} />
          <OrderTransactions order={order} />
        </div>
        <div className="min-w-0 space-y-4">
          {(canCancel || bikerAction) && (
            <Card title={t('view.actions')}>
              <div className="space-y-5 divide-y divide-line [&>*:not(:first-child)]:pt-5">
                {bikerAction && <OrderBiker path={path('biker')} change={order.actions.changeBiker && Boolean(order.bikerId)} bikers={bikers} />}
                {canCancel && <OrderCancel path={path('cancel')} orderNo={order.orderNo} refundOnCancel={order.refundOnCancel} />}
              </div>
            </Card>
          )}
          <OrderMap order={order} />
          <OrderTimeline order={order} />
        </div>
      </div>
    </PageFrame>
  );
}
