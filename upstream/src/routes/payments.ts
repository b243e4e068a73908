import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { PAYMENT_SIGNATURE_HEADER, paymentCallbackSchema, paymentSignature } from '@contract/payments';
import { apps, orders } from '../db/schema';
import { changeOrder } from '../domain/order-changes';
import type { ServiceScope } from '../domain/scope';
import { sameSecret } from '../kit/app-channel';
import type { AppDeps, AppEnv } from '../kit/env';
import { ApiError, errorBody, MESSAGES, notFoundData } from '../kit/errors';
import { errorResponses, jsonResponse } from '../kit/schemas';

const paidAnswer = z.object({ status: z.literal(true), data: z.object({ orderId: z.string(), status: z.string(), paymentStatus: z.string() }) });

/**
 * `POST /api/payments/callback`: the payment provider says an order's payment succeeded. The raw body must carry the
 * provider's HMAC signature; then the order (in whatever company) moves `member_create_order_waiting_payment` →
 * `member_create_order_payment_success` in one transaction with its ledger entries. Sent again, it answers the same
 * and moves nothing (providers retry).
 */
export function registerPaymentRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/api/payments/callback',
    tags: ['Payments'],
    operationId: 'paymentCallback',
    summary: 'Payment provider callback: an order was paid',
    description: `Signed by the provider: \`${PAYMENT_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256(PAYMENT_WEBHOOK_SECRET, raw body)>\`. A bad or missing signature is 401 and changes nothing.`,
    request: { body: { required: true, content: { 'application/json': { schema: paymentCallbackSchema } } } },
    responses: { 200: jsonResponse(paidAnswer, 'The order, paid'), 400: errorResponses[400], 401: errorResponses[401], 404: errorResponses[404] },
  });
  app.post('/api/payments/callback', async (c) => {
    const raw = await c.req.text();
    const expected = await paymentSignature(deps.config.paymentWebhookSecret, raw);
    if (!sameSecret(c.req.header(PAYMENT_SIGNATURE_HEADER) ?? '', expected)) return c.json(errorBody('INVALID_SIGNATURE'), 401);
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return c.json(errorBody('Invalid JSON body'), 400);
    }
    const body = paymentCallbackSchema.safeParse(parsed);
    if (!body.success) return c.json(errorBody('Invalid payment callback'), 400);
    const id = Number(body.data.orderId);
    const [order] = await deps.db
      .select({
        companyId: orders.companyId,
        appId: orders.appId,
        kind: orders.kind,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        appType: apps.appType,
      })
      .from(orders)
      .innerJoin(apps, eq(apps.id, orders.appId))
      .where(and(eq(orders.id, id), eq(orders.kind, body.data.kind)))
      .limit(1);
    if (!order) throw notFoundData();
    if (order.status !== 'member_create_order_waiting_payment') {
      // A repeated callback for a paid order: the same answer, nothing moves. Anything else is refused.
      if (order.paymentStatus === 'paid')
        return c.json({ status: true as const, data: { orderId: String(id), status: order.status, paymentStatus: order.paymentStatus } }, 200);
      throw new ApiError(409, MESSAGES.orderTransitionRefused);
    }
    // The provider acts for the member's payment: the order's own company and app, no area bound.
    const scope: ServiceScope = {
      companyId: order.companyId,
      officeId: 0,
      userId: 0,
      role: 'admin',
      root: false,
      appId: order.appId,
      areaId: null,
      appType: order.appType,
    };
    const change = await changeOrder(
      deps.db,
      scope,
      id,
      order.kind,
      { event: 'member_create_order_payment_success', by: 'app', note: `payment ${body.data.reference}` },
      deps.now(),
    );
    if (change.publish) deps.bus.publish(change.publish.scope, change.publish.event);
    const [after] = await deps.db.select({ status: orders.status, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, id)).limit(1);
    return c.json({ status: true as const, data: { orderId: String(id), status: after!.status, paymentStatus: after!.paymentStatus } }, 200);
  });
}
