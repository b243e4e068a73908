import type { Tx } from '../db/client';
import { invoicePayments, invoices, subscriptions } from '../db/schema';
import { bangkokDay } from '../domain/order-dates';

/** The demo company's plan: both services, room for one more app. */
export const DEMO_PLAN = {
  plan: 'Business',
  services: ['Delivery', 'Marketplace'],
  maxApps: 3,
  maxAreas: 10,
  maxStaff: 20,
  maxShops: 1000,
  monthlyFee: 499_000,
};

const monthStart = (d: Date, back: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1));
const iso = (d: Date) => d.toISOString().slice(0, 10);
const plusDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

/**
 * The subscription and six months of invoices: the current month's waiting to be paid, the five before it paid by
 * bank transfer a few days after they were issued (the oldest in two parts).
 */
export async function seedBilling(tx: Tx, companyId: number, now: Date): Promise<void> {
  const renews = monthStart(now, -1);
  await tx.insert(subscriptions).values({ companyId, ...DEMO_PLAN, renewsOn: iso(renews), createdAt: now });
  for (let back = 5; back >= 0; back--) {
    const start = monthStart(now, back);
    const end = plusDays(monthStart(now, back - 1), -1);
    const issued = start;
    const number = `INV-${iso(start).slice(0, 7).replace('-', '')}-${String(companyId).padStart(4, '0')}`;
    const lines = [
      { description: `Business plan, ${iso(start).slice(0, 7)}`, amount: DEMO_PLAN.monthlyFee },
      { description: 'SMS one-time passwords', amount: 12_500 + back * 1_500 },
    ];
    const amount = lines.reduce((s, l) => s + l.amount, 0);
    const [row] = await tx
      .insert(invoices)
      .values({
        companyId,
        number,
        periodStart: iso(start),
        periodEnd: iso(end),
        issuedOn: iso(issued),
        dueOn: iso(plusDays(issued, 30)),
        lines,
        amount,
        createdAt: now,
      })
      .returning({ id: invoices.id });
    if (back === 0 || iso(plusDays(issued, 4)) > bangkokDay(now)) continue;
    const parts = back === 5 ? [Math.floor(amount / 2), amount - Math.floor(amount / 2)] : [amount];
    for (const [i, part] of parts.entries()) {
      await tx
        .insert(invoicePayments)
        .values({ invoiceId: row!.id, amount: part, method: 'bank_transfer', reference: `${number}-${i + 1}`, paidAt: plusDays(issued, 4 + i * 3) });
    }
  }
}
