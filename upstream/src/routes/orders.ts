import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { OrderEvent, OrderKind } from '../db/schema';
import { changeOrder, type OrderChange } from '../domain/order-changes';
import { createOrder, type OrderInput } from '../domain/order-create';
import { getOrderDetail } from '../domain/order-detail';
import { checkOrders, orderStatusCounts, type StatusQuery } from '../domain/order-lookup';
import { exportOrders, listOrders, ORDER_CSV_HEADER, type OrderQuery } from '../domain/orders';
import { requireAppKey } from '../kit/app-channel';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { notFoundData } from '../kit/errors';
import { csvResponse } from '../kit/export';
import { mountResource } from '../kit/resource';
import { addRoute, validOf } from '../kit/routes';
import { errorResponses, idParamSchema, jsonBody, jsonResponse, parseId } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';
import {
  bikerBodySchema,
  cancelBodySchema,
  checkQuerySchema,
  orderCreateSchema,
  orderDetailSchema,
  orderEventBodySchema,
  orderQuerySchema,
  orderRowSchema,
  statusCountsSchema,
  statusQuerySchema,
} from './order-schemas';

type Ctx = Context<AppEnv>;
const params = serviceParamSchema.extend(idParamSchema.shape);
const refusedResponse = {
  409: {
    description: '`ORDER_TRANSITION_REFUSED`, `BIKER_UNAVAILABLE` or `INSUFFICIENT_BALANCE`',
    content: { 'application/json': { schema: z.object({ status: z.literal(false), message: z.string() }) } },
  },
};
export const detailResponses = {
  200: jsonResponse(z.object({ status: z.literal(true), data: orderDetailSchema }), 'The order after the change'),
  ...errorResponses,
  ...refusedResponse,
};

const idOf = (c: Ctx): number => {
  const id = parseId(c.req.param('id'));
  if (id === null) throw notFoundData();
  return id;
};

/** After the commit: publishes the change on the bus and answers the order's detail. */
export async function answerChange(deps: AppDeps, c: Ctx, change: OrderChange, kind?: OrderKind): Promise<Response> {
  if (change.publish) deps.bus.publish(change.publish.scope, change.publish.event);
  const detail = await getOrderDetail(deps.db, c.var.service, change.orderId, kind);
  if (!detail) throw notFoundData();
  return c.json({ status: true, data: detail }, 200);
}

/** `/api/admin/{service}/Orders` (food) or `/OrdersMessenger` (parcels): the same calls for either kind. */
function registerOrderList(app: OpenAPIHono<AppEnv>, deps: AppDeps, list: 'Orders' | 'OrdersMessenger', kind: OrderKind): void {
  const guard = [requireAuth(deps), requireServiceRoute(deps, list)];
  const base = `/api/admin/{service}/${list}`;
  const tag = list === 'Orders' ? 'Orders' : 'Parcel orders';

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path: `${base}/export`,
      summary: `Export every matching ${kind} order as CSV (streamed)`,
      request: { params: serviceParamSchema, query: orderQuerySchema },
      responses: { 200: { description: 'CSV with a header row; money in satang', content: { 'text/csv': { schema: z.string() } } }, ...errorResponses },
    },
    async (c) => csvResponse(c, `${list.toLowerCase()}.csv`, ORDER_CSV_HEADER, exportOrders(deps.db, c.var.service, kind, validOf<OrderQuery>(c, 'query'))),
  );

  mountResource(app, {
    path: base,
    tag,
    noun: `${kind} order`,
    pathParams: serviceParamSchema,
    itemSchema: orderRowSchema as never,
    querySchema: orderQuerySchema as never,
    guard: () => guard,
    list: (c, query: OrderQuery) => listOrders(deps.db, c.var.service, kind, query),
  });

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path: `${base}/{id}`,
      summary: `One ${kind} order with its items, events, money and open actions`,
      request: { params },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: orderDetailSchema }), 'The order'), ...errorResponses },
    },
    async (c) => {
      const detail = await getOrderDetail(deps.db, c.var.service, idOf(c), kind);
      if (!detail) throw notFoundData();
      return c.json({ status: true, data: detail }, 200);
    },
  );

  // The member, shop and biker apps' calls: on the app channel, never on the back-office's paths.
  const appGuard = [requireAuth(deps), requireAppKey(deps), requireServiceRoute(deps, list)];
  const appBase = `/api/app/{service}/${list}`;
  addRoute(
    app,
    tag,
    appGuard,
    {
      method: 'post',
      path: appBase,
      summary: `Create a ${kind} order for a member (the member app)`,
      description:
        "App channel: needs `x-app-key` besides the bearer token; the portal never forwards it. Cash orders start as `member_create_order`, the others wait for their payment (`member_create_order_waiting_payment`) until the payment provider's signed callback. The delivery fee is priced here from the area's tables (a food order: the delivery fee table by the distance from the shop; a Marketplace order: the chosen carrier's weight table; a parcel: the messenger fee table), never taken from the app: a `deliveryFee` sent is ignored, and an order the area has no table for is refused (`noFeeTable`). A food order's shop must be active, public and open now on the company's clock (`shopNotActive`, `shopNotPublic`, `shopClosed`). A method the member's area does not offer (its provider not enabled in Setting/Bank; cash and wallet always are) is 400 `paymentMethod: ['paymentMethodUnavailable']`.",
      request: { params: serviceParamSchema, body: jsonBody(orderCreateSchema) },
      responses: { 201: jsonResponse(z.object({ status: z.literal(true), data: orderDetailSchema }), 'The new order'), ...errorResponses },
    },
    async (c) => {
      const change = await createOrder(deps.db, c.var.service, kind, validOf<OrderInput>(c, 'json'), deps.now());
      if (change.publish) deps.bus.publish(change.publish.scope, change.publish.event);
      return c.json({ status: true, data: (await getOrderDetail(deps.db, c.var.service, change.orderId, kind))! }, 201);
    },
  );

  addRoute(
    app,
    tag,
    appGuard,
    {
      method: 'post',
      path: `${appBase}/{id}/events`,
      summary: 'Drive the lifecycle as the member, shop or biker app does',
      description:
        "App channel: needs `x-app-key` besides the bearer token. A payment is never an app event: only the payment provider's signed callback (`POST /api/payments/callback`) makes an order paid.",
      request: { params, body: jsonBody(orderEventBodySchema) },
      responses: detailResponses,
    },
    async (c) => {
      const body = validOf<{ event: OrderEvent; bikerId?: string; note?: string }>(c, 'json');
      const change = await changeOrder(
        deps.db,
        c.var.service,
        idOf(c),
        kind,
        {
          event: body.event,
          by: 'app',
          bikerId: body.bikerId === undefined ? undefined : Number(body.bikerId),
          note: body.note,
        },
        deps.now(),
      );
      return answerChange(deps, c, change, kind);
    },
  );

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'patch',
      path: `${base}/{id}/cancel`,
      summary: 'Cancel as the caller (`admin_cancel_order`); a paid order is refunded once',
      request: { params, body: jsonBody(cancelBodySchema) },
      responses: detailResponses,
    },
    async (c) => {
      const { reason } = validOf<{ reason: string }>(c, 'json');
      const change = await changeOrder(deps.db, c.var.service, idOf(c), kind, { event: 'admin_cancel_order', by: 'operator', reason }, deps.now());
      return answerChange(deps, c, change, kind);
    },
  );

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'patch',
      path: `${base}/{id}/biker`,
      summary: 'Assign (`biker_receive_order`) or change (`biker_change`) the biker: offered until the biker accepts it',
      request: { params, body: jsonBody(bikerBodySchema) },
      responses: detailResponses,
    },
    async (c) => {
      const { bikerId } = validOf<{ bikerId: string }>(c, 'json');
      const change = await changeOrder(deps.db, c.var.service, idOf(c), kind, { event: 'assign', by: 'operator', bikerId: Number(bikerId) }, deps.now());
      return answerChange(deps, c, change, kind);
    },
  );
}

/** The order calls: both lists, the status counts and the order check. */
export function registerOrderRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  registerOrderList(app, deps, 'Orders', 'food');
  registerOrderList(app, deps, 'OrdersMessenger', 'parcel');

  addRoute(
    app,
    'Orders',
    [requireAuth(deps), requireServiceRoute(deps, 'OrdersStatus')],
    {
      method: 'get',
      path: '/api/admin/{service}/OrdersStatus',
      summary: 'Orders per status (from the daily rollup)',
      request: { params: serviceParamSchema, query: statusQuerySchema },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: statusCountsSchema }), 'Counts per status and their total'), ...errorResponses },
    },
    async (c) => c.json({ status: true, data: await orderStatusCounts(deps.db, c.var.service, validOf<StatusQuery>(c, 'query')) }, 200),
  );

  addRoute(
    app,
    'Orders',
    [requireAuth(deps), requireServiceRoute(deps, 'Check Order')],
    {
      method: 'get',
      path: '/api/admin/{service}/Check/Order',
      summary: 'Orders of both kinds by order number or member phone (newest first, at most 20)',
      request: { params: serviceParamSchema, query: checkQuerySchema },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: z.array(orderRowSchema) }), 'Matching orders'), ...errorResponses },
    },
    async (c) => c.json({ status: true, data: await checkOrders(deps.db, c.var.service, validOf<{ q: string }>(c, 'query').q) }, 200),
  );
}
