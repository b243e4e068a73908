import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { PAYMENT_SIGNATURE_HEADER, paymentCallbackSchema, paymentSignature } from '@contract/payments';
import { callbackOrder, callbackSecret, payByCallback } from '../domain/payment-callback';
import { sameSecret } from '../kit/app-channel';
import type { AppDeps, AppEnv } from '../kit/env';
import { errorBody, notFoundData } from '../kit/errors';
import { errorSchema, jsonResponse } from '../kit/schemas';

const paidAnswer = z.object({ status: z.literal(true), data: z.object({ orderId: z.string(), status: z.string(), paymentStatus: z.string() }) });
const answer = (description: string) => ({ description, content: { 'application/json': { schema: errorSchema } } });

/**
 * `POST /api/payments/callback`: the payment provider says an order's payment succeeded (domain/payment-callback.ts).
 * The raw body must carry the HMAC signature of the named provider's secret for the order's area (the platform-wide
 * one where none is saved); then the order, in whatever company, is paid once, for its total in the app's currency.
 */
export function registerPaymentRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/api/payments/callback',
    tags: ['Payments'],
    operationId: 'paymentCallback',
    summary: 'Payment provider callback: an order was paid',
    description: [
      `Signed by the provider: \`${PAYMENT_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256(secret, raw body)>\`, where the secret is the secret key saved for \`provider\` in the order's area (Setting/Bank), or PAYMENT_WEBHOOK_SECRET where none is saved (always for \`wallet\`).`,
      "`provider` must be the one behind the order's payment method (promptpay: qrcode, credit_card: card, paypal: easybank, wallet: wallet); `amount` (satang) must be the order's total and `currency` the app's currency code (Currency).",
      'A provider reference pays one order of the company only. Sent again for the order it paid, the callback answers the order as it is and moves nothing (providers retry).',
    ].join(' '),
    request: { body: { required: true, content: { 'application/json': { schema: paymentCallbackSchema } } } },
    responses: {
      200: jsonResponse(paidAnswer, 'The order, paid (or as it is, for the callback that paid it sent again)'),
      400: answer('Signed, but the body is not JSON or not a callback (a field missing or malformed)'),
      401: answer('`INVALID_SIGNATURE`: missing or bad signature, whether or not the order exists; nothing changed'),
      404: answer('`NOT_FOUND_DATA`: no order of that id and kind (only once the signature verifies)'),
      409: answer(
        "Nothing changed: `ORDER_TRANSITION_REFUSED` (the order is not waiting for its payment, cash orders included, and this is not the callback that paid it), `PAYMENT_PROVIDER_MISMATCH` (not the provider behind the order's method), `PAYMENT_AMOUNT_MISMATCH` (not the order's total or the app's currency), `PAYMENT_REFERENCE_USED` (the reference paid another order of the company), `INSUFFICIENT_BALANCE` (a wallet payment the member's wallet does not cover)",
      ),
    },
  });
  app.post('/api/payments/callback', async (c) => {
    const raw = await c.req.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    const body = paymentCallbackSchema.safeParse(parsed);
    // The signature first, whatever the body: a body that names no order can be verified by the platform-wide secret only.
    const order = body.success ? await callbackOrder(deps.db, body.data) : undefined;
    const secret = callbackSecret(order, { platform: deps.config.paymentWebhookSecret, settings: deps.config.settingsSecret });
    const signed = secret !== null && sameSecret(c.req.header(PAYMENT_SIGNATURE_HEADER) ?? '', await paymentSignature(secret, raw));
    if (!signed) return c.json(errorBody('INVALID_SIGNATURE'), 401);
    if (parsed === undefined) return c.json(errorBody('Invalid JSON body'), 400);
    if (!body.success) return c.json(errorBody('Invalid payment callback'), 400);
    if (!order) throw notFoundData();
    const { answer: data, change } = await payByCallback(deps.db, order, body.data, deps.now());
    if (change?.publish) deps.bus.publish(change.publish.scope, change.publish.event);
    return c.json({ status: true as const, data }, 200);
  });
}
