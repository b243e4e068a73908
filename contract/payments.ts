import { z } from 'zod';
import { idText } from './fields';
import { PAYMENT_METHODS, type PaymentMethod } from './lifecycle';
import { PAYMENT_PROVIDERS, type PaymentProvider } from './resources/payment-settings';

/**
 * Who takes the money of each of the spec's payment methods (docs/orders.md, "Payment methods and providers"):
 * - one of an area's three providers (System Settings → SettingArea): the method is offered in an area only while
 *   that provider is enabled there, and only that provider's callback pays such an order;
 * - `wallet`: the member's wallet in the app's own ledger; no outside provider stands behind it, so it is offered in
 *   every area, and its payment is confirmed by the platform's wallet payment (callback provider `wallet`, signed
 *   with the platform-wide secret);
 * - `null` (cash): the biker collects it at the door; offered everywhere, never paid through a callback.
 */
export const PAYMENT_METHOD_PROVIDER = {
  cash: null,
  wallet: 'wallet',
  promptpay: 'qrcode',
  credit_card: 'card',
  paypal: 'easybank',
} as const satisfies Record<PaymentMethod, PaymentProvider | 'wallet' | null>;

/** The senders of a payment callback: the three area providers and the platform's wallet payment. */
export const CALLBACK_PROVIDERS = [...PAYMENT_PROVIDERS, 'wallet'] as const;
export type CallbackProvider = (typeof CALLBACK_PROVIDERS)[number];

/** The provider that stands behind a method (`null` for cash). */
export const providerOf = (method: PaymentMethod): CallbackProvider | null => PAYMENT_METHOD_PROVIDER[method];

/** The payment methods an area provider stands behind (for the provider screens). */
export const methodsOf = (provider: PaymentProvider): PaymentMethod[] => PAYMENT_METHODS.filter((m) => PAYMENT_METHOD_PROVIDER[m] === provider);

/**
 * The payment provider's callback (`POST /api/payments/callback`): the only way an order waiting for its payment
 * becomes paid. The body is signed: `x-payment-signature: sha256=<hex HMAC-SHA256(secret, raw body)>`, where the
 * secret is the secret key saved for the named provider in the order's area, or PAYMENT_WEBHOOK_SECRET where none
 * is saved (and always for `wallet`). A callback repeated for an order already paid answers 200 again and moves
 * nothing.
 */
export const PAYMENT_SIGNATURE_HEADER = 'x-payment-signature';

export const paymentCallbackSchema = z.object({
  /** The order the payment was for. */
  orderId: idText(),
  kind: z.enum(['food', 'parcel']),
  /** Who took the payment: the provider behind the order's payment method. */
  provider: z.enum(CALLBACK_PROVIDERS),
  /** The provider's reference of the payment: it pays one order only (kept on the order's timeline). */
  reference: z.string().trim().min(1).max(100),
  /** What was paid, in minor units (satang): the order's total. */
  amount: z.number().int().min(1).max(2_147_483_647),
  /** ISO 4217 code of what was paid: the app's currency code (the Currency screen). */
  currency: z.string().regex(/^[A-Z]{3}$/),
  status: z.literal('success'),
});
export type PaymentCallback = z.infer<typeof paymentCallbackSchema>;

const toHex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The signature header's value for a raw body. */
export async function paymentSignature(secret: string, rawBody: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return `sha256=${toHex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(rawBody)))}`;
}
