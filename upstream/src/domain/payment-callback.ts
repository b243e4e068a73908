import { and, eq, sql } from 'drizzle-orm';
import { providerOf, type PaymentCallback } from '@contract/payments';
import { PAYMENT_PROVIDERS } from '@contract/resources/payment-settings';
import type { Db } from '../db/client';
import { apps, orderPayments, orders, paymentSettings, type AppType, type OrderKind, type PaymentMethod } from '../db/schema';
import { ApiError, MESSAGES } from '../kit/errors';
import { currencyCodeOf } from './currency';
import { changeOrder, type OrderChange } from './order-changes';
import { decryptSecret } from './payment-settings';
import type { ServiceScope } from './scope';

/**
 * The payment provider's callback (`POST /api/payments/callback`, docs/orders.md): which secret verifies it, and the
 * payment itself. The order moves `member_create_order_waiting_payment` → `member_create_order_payment_success` with
 * its ledger entries and the payment's row (`order_payments`) in one transaction; the row's unique indexes make a
 * provider's reference pay one order only, however callbacks race.
 */
export interface CallbackOrder {
  id: number;
  companyId: number;
  appId: number;
  areaId: number;
  kind: OrderKind;
  paymentMethod: PaymentMethod;
  total: number;
  appType: AppType;
  /** The secret key saved for the callback's provider in the order's area, sealed; '' when none is saved. */
  sealedSecret: string;
}

/** The order a callback names (id and kind), with the key saved for the callback's provider in its area: one query. */
export async function callbackOrder(db: Db, callback: PaymentCallback): Promise<CallbackOrder | undefined> {
  // `wallet` has no settings of an area: its callbacks are always verified with the platform-wide secret.
  const areaProvider = PAYMENT_PROVIDERS.find((p) => p === callback.provider);
  const [row] = await db
    .select({
      id: orders.id,
      companyId: orders.companyId,
      appId: orders.appId,
      areaId: orders.areaId,
      kind: orders.kind,
      paymentMethod: orders.paymentMethod,
      total: orders.total,
      appType: apps.appType,
      sealedSecret: paymentSettings.secretKeyEnc,
    })
    .from(orders)
    .innerJoin(apps, eq(apps.id, orders.appId))
    .leftJoin(
      paymentSettings,
      areaProvider
        ? and(eq(paymentSettings.appId, orders.appId), eq(paymentSettings.areaId, orders.areaId), eq(paymentSettings.provider, areaProvider))
        : sql`false`,
    )
    .where(and(eq(orders.id, Number(callback.orderId)), eq(orders.kind, callback.kind)))
    .limit(1);
  return row ? { ...row, sealedSecret: row.sealedSecret ?? '' } : undefined;
}

/**
 * The secret a callback must be signed with: the provider's own key in the order's area where one is saved (then
 * nothing else verifies), else the platform-wide PAYMENT_WEBHOOK_SECRET (also for an order that does not exist, so a
 * bad signature answers the same either way). `null` when the saved key cannot be read (SETTINGS_SECRET changed):
 * nothing verifies until the key is entered again.
 */
export function callbackSecret(order: CallbackOrder | undefined, secrets: { platform: string; settings: string }): string | null {
  if (!order?.sealedSecret) return secrets.platform;
  try {
    return decryptSecret(secrets.settings, order.sealedSecret);
  } catch {
    return null;
  }
}

const refuse = (message: string) => new ApiError(409, message);

export interface PaidAnswer {
  orderId: string;
  status: string;
  paymentStatus: string;
}

/**
 * Pays the order, once. The same callback again for the order it paid (its provider, reference, amount and currency)
 * answers the order as it is and moves nothing. Refused with 409 and nothing changed: an order not waiting for its
 * payment, cash orders included (`ORDER_TRANSITION_REFUSED`); a provider other than the one behind the order's
 * method (`PAYMENT_PROVIDER_MISMATCH`); an amount other than the order's total or a currency other than the app's
 * (`PAYMENT_AMOUNT_MISMATCH`); a reference that already paid another order of the company (`PAYMENT_REFERENCE_USED`).
 */
export async function payByCallback(
  db: Db,
  order: CallbackOrder,
  callback: PaymentCallback,
  now: Date,
): Promise<{ answer: PaidAnswer; change: OrderChange | null }> {
  const currency = await currencyCodeOf(db, order.appId);
  const change = await db.transaction(async (tx): Promise<OrderChange | null> => {
    const [locked] = await tx.select({ status: orders.status, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, order.id)).for('update');
    if (locked!.status !== 'member_create_order_waiting_payment') {
      const [paid] = await tx.select().from(orderPayments).where(eq(orderPayments.orderId, order.id)).limit(1);
      // A provider retrying the callback that paid the order: the same answer, nothing moves.
      const again = locked!.paymentStatus === 'paid' && paid?.provider === callback.provider && paid.reference === callback.reference;
      if (!again) throw refuse(MESSAGES.orderTransitionRefused);
      if (callback.amount !== paid.amount || callback.currency !== paid.currency) throw refuse(MESSAGES.paymentAmountMismatch);
      return null;
    }
    if (callback.provider !== providerOf(order.paymentMethod)) throw refuse(MESSAGES.paymentProviderMismatch);
    if (callback.amount !== order.total || callback.currency !== currency) throw refuse(MESSAGES.paymentAmountMismatch);
    // The unique indexes decide: a reference another order holds (or one racing for it) inserts nothing.
    const recorded = await tx
      .insert(orderPayments)
      .values({
        orderId: order.id,
        companyId: order.companyId,
        provider: callback.provider,
        reference: callback.reference,
        amount: callback.amount,
        currency: callback.currency,
        paidAt: now,
      })
      .onConflictDoNothing()
      .returning({ orderId: orderPayments.orderId });
    if (recorded.length === 0) throw refuse(MESSAGES.paymentReferenceUsed);
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
    return changeOrder(
      tx,
      scope,
      order.id,
      order.kind,
      { event: 'member_create_order_payment_success', by: 'app', note: `payment ${callback.reference}` },
      now,
    );
  });
  const [after] = await db.select({ status: orders.status, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, order.id)).limit(1);
  return { answer: { orderId: String(order.id), status: after!.status, paymentStatus: after!.paymentStatus }, change };
}
