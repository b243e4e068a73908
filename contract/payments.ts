import { z } from 'zod';

/**
 * The payment provider's callback (`POST /api/payments/callback`): the only way an order waiting for its payment
 * becomes paid. The body is signed: `x-payment-signature: sha256=<hex HMAC-SHA256(PAYMENT_WEBHOOK_SECRET, raw body)>`.
 * A callback repeated for an order already paid answers 200 again and moves nothing.
 */
export const PAYMENT_SIGNATURE_HEADER = 'x-payment-signature';

export const paymentCallbackSchema = z.object({
  /** The order the payment was for. */
  orderId: z.string().regex(/^[1-9]\d{0,9}$/),
  kind: z.enum(['food', 'parcel']),
  /** The provider's reference of the payment (kept on the order's timeline). */
  reference: z.string().trim().min(1).max(100),
  status: z.literal('success'),
});
export type PaymentCallback = z.infer<typeof paymentCallbackSchema>;

const toHex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The signature header's value for a raw body. */
export async function paymentSignature(secret: string, rawBody: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return `sha256=${toHex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(rawBody)))}`;
}
