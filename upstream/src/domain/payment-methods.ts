import { and, eq } from 'drizzle-orm';
import { CODES } from '@contract/codes';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '@contract/resources/payment-settings';
import { providerOf } from '@contract/payments';
import type { Db } from '../db/client';
import { paymentSettings, type PaymentMethod } from '../db/schema';
import type { FieldErrors } from '../kit/errors';

const isAreaProvider = (provider: string | null): provider is PaymentProvider => PAYMENT_PROVIDERS.includes(provider as PaymentProvider);

/**
 * Whether an order of the area may be paid by the method (docs/orders.md, "Payment methods and providers"): a method
 * an area provider stands behind (PromptPay: qrcode, credit card: card, PayPal: easybank) only while that provider is
 * enabled in the area (System Settings → SettingArea); cash and wallet, which no outside provider takes, everywhere.
 */
export async function paymentMethodAvailable(db: Db, appId: number, areaId: number, method: PaymentMethod): Promise<boolean> {
  const provider = providerOf(method);
  if (!isAreaProvider(provider)) return true;
  const [row] = await db
    .select({ enabled: paymentSettings.enabled })
    .from(paymentSettings)
    .where(and(eq(paymentSettings.appId, appId), eq(paymentSettings.areaId, areaId), eq(paymentSettings.provider, provider)))
    .limit(1);
  return row?.enabled === true;
}

/** For order creation: `paymentMethod: ['paymentMethodUnavailable']` when the member's area does not take the method. */
export async function checkPaymentMethod(db: Db, appId: number, areaId: number | undefined, method: PaymentMethod, errors: FieldErrors): Promise<void> {
  if (areaId === undefined || errors.paymentMethod) return;
  if (!(await paymentMethodAvailable(db, appId, areaId, method))) errors.paymentMethod = [CODES.paymentMethodUnavailable];
}
