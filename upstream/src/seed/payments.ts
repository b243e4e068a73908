import { and, eq } from 'drizzle-orm';
import { PAYMENT_PROVIDERS, type PaymentProvider, type PaymentSettingChange } from '@contract/resources/payment-settings';
import type { Tx } from '../db/client';
import { areas, paymentSettingChanges, paymentSettings } from '../db/schema';

const BANKS: Record<PaymentProvider, { shortBankName: string; bankName: string }> = {
  card: { shortBankName: 'KBANK', bankName: 'Kasikorn Bank' },
  qrcode: { shortBankName: 'SCB', bankName: 'Siam Commercial Bank' },
  easybank: { shortBankName: 'BBL', bankName: 'Bangkok Bank' },
};

/**
 * The demo's payment providers (System Settings → SettingArea): all three enabled in every open area of every app,
 * so each payment method can be chosen there (docs/orders.md, "Payment methods and providers"); a closed area
 * (Phuket) has none. No secret key is saved, so the providers' callbacks are verified with PAYMENT_WEBHOOK_SECRET.
 * Each setting's first save is in its history.
 */
export async function seedPaymentSettings(tx: Tx, companyId: number, adminId: number, now: Date): Promise<void> {
  const open = await tx
    .select({ appId: areas.appId, areaId: areas.id })
    .from(areas)
    .where(and(eq(areas.companyId, companyId), eq(areas.status, 'AreaReady')))
    .orderBy(areas.id);
  const rows = open.flatMap((area) =>
    PAYMENT_PROVIDERS.map((provider, i) => ({
      companyId,
      ...area,
      provider,
      enabled: true,
      merchantId: `DEMO-${provider.toUpperCase()}-${area.areaId}`,
      ...BANKS[provider],
      bankAccountNumber: `10${String(area.areaId).padStart(6, '0')}0${i}`,
    })),
  );
  if (!rows.length) return;
  await tx.insert(paymentSettings).values(rows.map((row) => ({ ...row, createdAt: now, updatedAt: now, updatedBy: adminId })));
  await tx.insert(paymentSettingChanges).values(
    rows.map((row) => {
      const changes: PaymentSettingChange['changes'] = [
        { field: 'enabled', from: 'false', to: 'true' },
        { field: 'merchantId', from: '', to: row.merchantId },
        { field: 'Short_Bank_name', from: '', to: row.shortBankName },
        { field: 'Bank_name', from: '', to: row.bankName },
        { field: 'Bank_account_number', from: '', to: row.bankAccountNumber },
      ];
      return { companyId, appId: row.appId, areaId: row.areaId, provider: row.provider, changedBy: adminId, at: now, changes };
    }),
  );
}
