import { and, eq, isNull } from 'drizzle-orm';
import { isOpenAt, localClock, type LocalClock } from '@contract/opening-hours';
import type { Db } from '../db/client';
import { companies, shopHours, type ShopStatus } from '../db/schema';

/**
 * Whether a shop takes an order now (docs/orders.md section 4): it must be active, public, and open at this moment on
 * the company's clock, by its TimeShop week when it has one, else by its own opening and closing times
 * (contract/opening-hours.ts: overnight and around-the-clock hours included).
 */
export type ShopRefusal = 'shopNotActive' | 'shopNotPublic' | 'shopClosed';

export interface ShopForOrder {
  id: number;
  status: ShopStatus;
  public: boolean;
  openTime: string;
  closeTime: string;
}

const FALLBACK_ZONE = 'Asia/Bangkok';

/** The company's time zone (`companies.time_zone`, Setting/System), an IANA name. */
export async function companyTimeZone(db: Db, companyId: number): Promise<string> {
  const [row] = await db.select({ zone: companies.timeZone }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.zone || FALLBACK_ZONE;
}

/** Now on the company's clock: the day of the week and the minute of the day in its time zone. */
export async function companyClock(db: Db, companyId: number, now: Date): Promise<LocalClock> {
  const zone = await companyTimeZone(db, companyId);
  try {
    return localClock(now, zone);
  } catch {
    // A zone this runtime does not know: the platform's own.
    return localClock(now, FALLBACK_ZONE);
  }
}

/** Why the shop cannot take an order at `now`, or null when it can. */
export async function shopRefusal(db: Db, companyId: number, shop: ShopForOrder, now: Date): Promise<ShopRefusal | null> {
  if (shop.status !== 'active') return 'shopNotActive';
  if (!shop.public) return 'shopNotPublic';
  const [week] = await db
    .select({ hours: shopHours.hours })
    .from(shopHours)
    .where(and(eq(shopHours.shopId, shop.id), isNull(shopHours.deletedAt)))
    .limit(1);
  const clock = await companyClock(db, companyId, now);
  return isOpenAt(week?.hours ?? null, { open: shop.openTime, close: shop.closeTime }, clock) ? null : 'shopClosed';
}
