import { and, eq, isNull } from 'drizzle-orm';
import { CODES } from '@contract/codes';
import type { FoodAvailabilityChange } from '@contract/resources/food';
import type { Db } from '../db/client';
import { foods, shops } from '../db/schema';
import type { Place } from '../kit/crud';
import { conflict, invalid, notFoundData } from '../kit/errors';
import { assertUnderProductLimit } from './catalogue-limits';
import type { ServiceScope } from './scope';

/**
 * Delivery food (Products / Food): a food belongs to a live shop of its own area, and a shop lists at most its product
 * limit of foods (domain/catalogue-limits.ts); staff flip a food's availability in one call.
 */

/** Whether the shop is a live shop of the place's company, app and area. */
async function isShopOf(db: Db, place: Place, shopId: number): Promise<boolean> {
  if (place.appId === null || place.areaId === null || !Number.isInteger(shopId)) return false;
  const [found] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(
      and(eq(shops.id, shopId), eq(shops.companyId, place.companyId), eq(shops.appId, place.appId), eq(shops.areaId, place.areaId), isNull(shops.deletedAt)),
    )
    .limit(1);
  return found !== undefined;
}

/**
 * A food's fields before they are written: its shop is a live shop of the food's area (else `{shopId:
 * ['unknownReference']}`), and a new food (or one moved to another shop) fits under that shop's product limit (else
 * `{shopId: ['productLimit']}` with the limit).
 */
export async function prepareFood(db: Db, place: Place, input: Record<string, unknown>, current?: Record<string, unknown>): Promise<Record<string, unknown>> {
  const shopId = Number(input.shopId);
  if (!(await isShopOf(db, place, shopId))) throw invalid({ shopId: [CODES.unknownReference] });
  if (current === undefined || Number(current.shopId) !== shopId) await assertUnderProductLimit(db, foods, shopId);
  return input;
}

/** The food's availability and version (the answer of a change, and of a stale one's 409). */
const availabilityOf = async (db: Db, where: ReturnType<typeof and>) => {
  const [row] = await db.select({ id: foods.id, availability: foods.availability, version: foods.version }).from(foods).where(where).limit(1);
  return row ? { ...row, id: String(row.id) } : null;
};

/** Mark sold out / Back in stock: a versioned change of one live food of the caller's scope (409 when stale). */
export async function changeFoodAvailability(db: Db, scope: ServiceScope, id: number, change: FoodAvailabilityChange, now: Date) {
  const mine = and(
    eq(foods.id, id),
    eq(foods.companyId, scope.companyId),
    eq(foods.appId, scope.appId),
    scope.areaId === null ? undefined : eq(foods.areaId, scope.areaId),
    isNull(foods.deletedAt),
  );
  const [row] = await db
    .update(foods)
    .set({ availability: change.availability, version: change.version + 1, updatedAt: now, updatedBy: scope.userId })
    .where(and(mine, eq(foods.version, change.version)))
    .returning({ id: foods.id });
  const after = await availabilityOf(db, mine);
  if (!after) throw notFoundData();
  if (!row) throw conflict(after);
  return after;
}
