import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { members, shops, type OrderKind } from '../db/schema';
import type { FieldErrors } from '../kit/errors';
import { parseId } from '../kit/schemas';
import type { OrderInput } from './order-create';
import type { ServiceScope } from './scope';
import { shopRefusal } from './shop-open';

const ref = (value: string | undefined) => parseId(value) ?? -1;

export interface OrderParties {
  member: { id: number; areaId: number } | undefined;
  shop: { id: number; name: string; lat: string; lng: string } | null;
}

/** The live, active member of the caller's app (and area, for staff). */
async function memberOf(db: Db, scope: ServiceScope, memberId: string) {
  const [member] = await db
    .select({ id: members.id, areaId: members.areaId })
    .from(members)
    .where(
      and(
        eq(members.id, ref(memberId)),
        eq(members.companyId, scope.companyId),
        eq(members.appId, scope.appId),
        isNull(members.deletedAt),
        eq(members.status, 'active'),
        scope.areaId === null ? undefined : eq(members.areaId, scope.areaId),
      ),
    )
    .limit(1);
  return member;
}

/** A live shop of the app in the member's area, whatever its status (the caller says why it cannot take the order). */
async function shopOf(db: Db, scope: ServiceScope, shopId: string, areaId: number) {
  const [shop] = await db
    .select({
      id: shops.id,
      name: shops.name,
      lat: shops.lat,
      lng: shops.lng,
      status: shops.status,
      public: shops.public,
      openTime: shops.openTime,
      closeTime: shops.closeTime,
    })
    .from(shops)
    .where(and(eq(shops.id, ref(shopId)), eq(shops.appId, scope.appId), eq(shops.areaId, areaId), isNull(shops.deletedAt)))
    .limit(1);
  return shop;
}

/**
 * The member (live, active, in the caller's scope) and, for food, the shop of the member's app and area, which must
 * take orders now: active (`shopNotActive`), public (`shopNotPublic`) and open on the company's clock (`shopClosed`).
 */
export async function orderParties(db: Db, scope: ServiceScope, kind: OrderKind, input: OrderInput, errors: FieldErrors, now: Date): Promise<OrderParties> {
  const member = await memberOf(db, scope, input.memberId);
  if (!member) errors.memberId = ['unknownReference'];
  if (kind === 'parcel') {
    if (input.shopId !== undefined) errors.shopId = ['unknownReference'];
    if (input.items?.length) errors.items = ['outOfRange'];
    for (const field of ['senderName', 'senderPhone', 'receiverName', 'receiverPhone', 'weightGram', 'pickup'] as const) {
      if (input[field] === undefined || input[field] === '') errors[field] = ['required'];
    }
    return { member, shop: null };
  }
  if (!input.items?.length) errors.items = ['required'];
  if (input.shopId === undefined) errors.shopId = ['required'];
  const shop = member && input.shopId !== undefined ? await shopOf(db, scope, input.shopId, member.areaId) : undefined;
  if (input.shopId !== undefined && !shop) errors.shopId = ['unknownReference'];
  if (!shop) return { member, shop: null };
  const refusal = await shopRefusal(db, scope.companyId, shop, now);
  if (refusal) errors.shopId = [refusal];
  return { member, shop: { id: shop.id, name: shop.name, lat: shop.lat, lng: shop.lng } };
}
