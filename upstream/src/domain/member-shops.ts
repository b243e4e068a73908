import { and, asc, eq, isNull } from 'drizzle-orm';
import { distanceKm } from '@contract/geo';
import type { AppShop } from '@contract/resources/shop';
import type { Db } from '../db/client';
import { shops, shopTypes } from '../db/schema';
import { shopListedToMembers } from './package-expiry';
import type { ServiceScope } from './scope';
import { trimDecimal } from './shops';

/**
 * The shops the member app lists in an area, by name: live, active, public, and on a package that has not expired
 * (domain/package-expiry.ts). Staff read their own area only. Each shop's own settings (Shop → settings) decide what
 * the list tells of it: its distance from the member (`showDistanceShopOnHome`, with the member's position), its
 * person (`showPersonDetailOnShop`) and whether its prices show on the order (`orderShowPrice`).
 */
export async function shopsForMembers(
  db: Db,
  scope: ServiceScope,
  query: { areaId: number; page: number; pageSize: number; lat?: number; lng?: number },
): Promise<AppShop[]> {
  const from = query.lat === undefined || query.lng === undefined ? null : { lat: query.lat, lng: query.lng };
  const rows = await db
    .select({
      id: shops.id,
      name: shops.name,
      images: shops.images,
      typeName: shopTypes.name,
      lat: shops.lat,
      lng: shops.lng,
      openTime: shops.openTime,
      closeTime: shops.closeTime,
      owner: shops.owner,
      phone: shops.phone,
      showDistance: shops.showDistanceShopOnHome,
      showPerson: shops.showPersonDetailOnShop,
      showPrice: shops.orderShowPrice,
    })
    .from(shops)
    .leftJoin(shopTypes, eq(shopTypes.id, shops.typeId))
    .where(
      and(
        eq(shops.companyId, scope.companyId),
        eq(shops.appId, scope.appId),
        eq(shops.areaId, query.areaId),
        scope.areaId === null ? undefined : eq(shops.areaId, scope.areaId),
        isNull(shops.deletedAt),
        eq(shops.status, 'active'),
        eq(shops.public, true),
        shopListedToMembers(),
      ),
    )
    .orderBy(asc(shops.name), asc(shops.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return rows.map((r) => ({
    id: String(r.id),
    name: r.name,
    image: r.images[0] ?? '',
    typeName: r.typeName ?? '',
    lat: trimDecimal(r.lat),
    lng: trimDecimal(r.lng),
    openTime: r.openTime,
    closeTime: r.closeTime,
    distanceM: from && r.showDistance ? Math.round(distanceKm(from, { lat: Number(r.lat), lng: Number(r.lng) }) * 1000) : null,
    owner: r.showPerson ? r.owner : null,
    phone: r.showPerson ? r.phone : null,
    showPrice: r.showPrice,
  }));
}
