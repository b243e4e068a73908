import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  commissionConfigs,
  apps,
  areas,
  shopConfigs,
  shopHours,
  shopPackages,
  shopRegistrations,
  shops,
  shopTypes,
  users,
  type AppType,
  type ShopStatus,
  type WeekHours,
} from '../db/schema';

/** Shop Management demo data: per app and area 3 packages and 5 types; shops with opening hours; registrations; settings. */
export const DEMO_PACKAGES = [
  { name: 'Starter', price: 0, duration: 30, limitPost: 10, limitProduct: 50 },
  { name: 'Business', price: 49_900, duration: 180, limitPost: 50, limitProduct: 500 },
  { name: 'Premium', price: 129_000, duration: 365, limitPost: 200, limitProduct: 5000 },
] as const;
export const DEMO_TYPES = ['Restaurant', 'Cafe', 'Grocery', 'Pharmacy', 'Bakery'] as const;
/** Shops written by the seed, the four named demo shops included. */
export const SEED_SHOP_COUNT = 300;
export const SEED_REGISTRATIONS_PER_APP = 10;

const WORDS = ['Golden', 'Lotus', 'Siam', 'River', 'Jasmine', 'Orchid', 'Mango', 'Tamarind', 'Lanna', 'Andaman'];
const KINDS = ['Kitchen', 'Cafe', 'Market', 'Bakery', 'Noodles', 'Grill', 'Deli', 'Pantry'];
const OWNERS = ['Somchai P.', 'Malee S.', 'Niran K.', 'Anong W.', 'Prasert J.', 'Kanya T.', 'Wichai R.', 'Suda M.'];
const STATUSES: ShopStatus[] = ['active', 'active', 'active', 'active', 'pending', 'suspended', 'active', 'close'];
const CENTRES: Record<string, [number, number]> = { Bangkok: [13.7563, 100.5018], 'Chiang Mai': [18.7883, 98.9853], Phuket: [7.8804, 98.3923] };
export const WEEK_HOURS: WeekHours = [1, 2, 3, 4, 5, 6].map((day) => ({
  day,
  ranges: [
    { open: '08:00', close: '12:00' },
    { open: '13:00', close: '20:00' },
  ],
}));

interface Place {
  companyId: number;
  appId: number;
  areaId: number;
  areaName: string;
}
interface Catalogue {
  packages: { id: number; limitPost: number; limitProduct: number }[];
  types: number[];
}

/** The places (app × area) of a company and, once written, their packages and types. */
async function placesOf(db: Db | Tx, companyId: number): Promise<(Place & Catalogue & { appType: AppType })[]> {
  const rows = await db
    .select({ appId: apps.id, appType: apps.appType, areaId: areas.id, areaName: areas.name })
    .from(areas)
    .innerJoin(apps, eq(apps.id, areas.appId))
    .where(eq(areas.companyId, companyId))
    .orderBy(apps.id, areas.id);
  const out = [];
  for (const r of rows) {
    const packages = await db
      .select({ id: shopPackages.id, limitPost: shopPackages.limitPost, limitProduct: shopPackages.limitProduct })
      .from(shopPackages)
      .where(and(eq(shopPackages.appId, r.appId), eq(shopPackages.areaId, r.areaId)))
      .orderBy(shopPackages.id);
    const types = await db
      .select({ id: shopTypes.id })
      .from(shopTypes)
      .where(and(eq(shopTypes.appId, r.appId), eq(shopTypes.areaId, r.areaId)))
      .orderBy(shopTypes.id);
    out.push({ ...r, companyId, packages, types: types.map((t) => t.id) });
  }
  return out;
}

/** Opening and closing at the same time: open around the clock (contract/opening-hours.ts). */
export const AROUND_THE_CLOCK = { openTime: '00:00', closeTime: '00:00' } as const;

/**
 * Every area of every app keeps a shop that takes orders at any hour: active, public and open around the clock with
 * no TimeShop week. The named demo shops are (data.ts); in an area without one, its first active public shop becomes
 * one, so the demo and the test suites can place an order whatever the time.
 */
export async function keepAShopOpenPerArea(tx: Tx, companyId: number): Promise<void> {
  const live = and(eq(shops.companyId, companyId), eq(shops.status, 'active'), eq(shops.public, true), isNull(shops.deletedAt));
  const places = await tx.select({ appId: areas.appId, areaId: areas.id }).from(areas).where(eq(areas.companyId, companyId)).orderBy(areas.id);
  for (const place of places) {
    const inPlace = and(live, eq(shops.appId, place.appId), eq(shops.areaId, place.areaId));
    const [open] = await tx
      .select({ id: shops.id })
      .from(shops)
      .where(
        and(inPlace, eq(shops.openTime, shops.closeTime), sql`NOT EXISTS (SELECT 1 FROM shop_hours h WHERE h.shop_id = ${shops.id} AND h.deleted_at IS NULL)`),
      )
      .limit(1);
    if (open) continue;
    const [first] = await tx.select({ id: shops.id }).from(shops).where(inPlace).orderBy(shops.id).limit(1);
    if (!first) continue;
    await tx.update(shops).set(AROUND_THE_CLOCK).where(eq(shops.id, first.id));
    await tx.delete(shopHours).where(eq(shopHours.shopId, first.id));
  }
}

/** The seeded shops opened this many days ago (before the order history), a minute apart. */
export const SHOPS_SINCE_DAYS = 200;

/** Shop number `n`'s position: near its area's centre, deterministic. */
export function shopPosition(areaName: string, n: number): { lat: string; lng: string } {
  const [lat, lng] = CENTRES[areaName] ?? [13.7, 100.5];
  const jitter = (k: number) => (((n * k) % 2000) - 1000) / 100_000;
  return { lat: (lat + jitter(37)).toFixed(7), lng: (lng + jitter(53)).toFixed(7) };
}

/** Shop number `n` in a place: deterministic, e-mail and phone unique per `n`. */
function shopValues(place: Place & Catalogue, n: number, now: Date, by: number | null, phonePrefix = '08') {
  const pkg = place.packages[n % place.packages.length]!;
  return {
    companyId: place.companyId,
    appId: place.appId,
    areaId: place.areaId,
    name: `${WORDS[n % WORDS.length]} ${KINDS[(n >> 1) % KINDS.length]} ${n}`,
    owner: OWNERS[n % OWNERS.length]!,
    email: `shop${n}@shops.example`,
    phone: `${phonePrefix}${String(n).padStart(8, '0')}`,
    status: STATUSES[(n >> 1) % STATUSES.length]!,
    public: n % 7 !== 0,
    ...shopPosition(place.areaName, n),
    packageId: pkg.id,
    typeId: place.types[n % place.types.length] ?? null,
    orderShowPrice: n % 3 !== 0,
    limitPost: Math.min(5, pkg.limitPost),
    limitProduct: Math.min(20, pkg.limitProduct),
    createdAt: new Date(now.getTime() - SHOPS_SINCE_DAYS * 86_400_000 - (SEED_SHOP_COUNT * 2 - n) * 60_000),
    updatedAt: now,
    updatedBy: by,
  };
}

export async function seedShopManagement(tx: Tx, companyId: number, adminId: number, now: Date, existingShops: number): Promise<void> {
  const base = await placesOf(tx, companyId);
  for (const place of base) {
    await tx
      .insert(shopPackages)
      .values(DEMO_PACKAGES.map((p) => ({ companyId, appId: place.appId, areaId: place.areaId, ...p, createdAt: now, updatedAt: now, updatedBy: adminId })));
    await tx.insert(shopTypes).values(
      DEMO_TYPES.map((name, i) => ({
        companyId,
        appId: place.appId,
        areaId: place.areaId,
        name,
        sortOrder: i + 1,
        createdAt: now,
        updatedAt: now,
        updatedBy: adminId,
      })),
    );
  }
  const places = await placesOf(tx, companyId);
  // The named demo shops get a package and a type of their place.
  for (const place of places) {
    await tx
      .update(shops)
      .set({ packageId: place.packages[0]!.id, typeId: place.types[0]!, limitPost: 5, limitProduct: 20 })
      .where(and(eq(shops.appId, place.appId), eq(shops.areaId, place.areaId)));
  }
  const rows = Array.from({ length: SEED_SHOP_COUNT - existingShops }, (_, i) =>
    shopValues(places[((i % 2) * 3 + ((i >> 1) % 3)) % places.length]!, i + 1, now, adminId),
  );
  const ids = await tx.insert(shops).values(rows).returning({ id: shops.id, companyId: shops.companyId, appId: shops.appId, areaId: shops.areaId });
  await tx
    .insert(shopHours)
    .values(
      ids
        .filter((_, i) => i % 5 !== 4)
        .map((s) => ({ ...s, id: undefined, shopId: s.id, hours: WEEK_HOURS, createdAt: now, updatedAt: now, updatedBy: adminId })),
    );
  const appIds = [...new Set(places.map((p) => p.appId))];
  for (const appId of appIds) {
    const mine = places.filter((p) => p.appId === appId);
    await tx.insert(shopRegistrations).values(
      Array.from({ length: SEED_REGISTRATIONS_PER_APP }, (_, i) => {
        const place = mine[i % mine.length]!;
        return {
          companyId,
          appId,
          areaId: place.areaId,
          name: `New Shop ${appId}-${i + 1}`,
          owner: OWNERS[i % OWNERS.length]!,
          email: `regis${appId}-${i + 1}@shops.example`,
          phone: `07${String(appId * 1000 + i).padStart(8, '0')}`,
          typeId: place.types[0] ?? null,
          packageId: i % 2 ? place.packages[0]!.id : null,
          note: 'Registered from the shop app',
          createdAt: new Date(now.getTime() - i * 3_600_000),
          updatedAt: now,
        };
      }),
    );
    await tx.insert(shopConfigs).values({
      companyId,
      appId,
      defaultPackageId: mine[0]!.packages[0]!.id,
      defaultTypeId: mine[0]!.types[0]!,
      createdAt: now,
      updatedAt: now,
      updatedBy: adminId,
    });
    // The rates new orders are split by (Config/Shop shows and changes the shop's).
    await tx.insert(commissionConfigs).values({ appId, companyId, shopCommission: 1500, bikerCommission: 2000, updatedAt: now });
  }
}

/** `npm run seed -- --shops N`: N more shops over the company's places, in batches (for benchmarks). */
export async function insertBulkShops(db: Db, n: number, log: (line: string) => void = () => undefined, batch = 2000): Promise<number> {
  const [admin] = await db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.role, 'admin')).orderBy(users.id).limit(1);
  if (!admin) throw new Error('Seed the demo data first.');
  const places = (await placesOf(db, admin.companyId)).filter((p) => p.packages.length && p.types.length);
  const [existing] = await db.select({ n: count() }).from(shops);
  const start = (existing?.n ?? 0) + 1_000_000;
  const now = new Date();
  for (let done = 0; done < n; done += batch) {
    const size = Math.min(batch, n - done);
    await db
      .insert(shops)
      .values(Array.from({ length: size }, (_, i) => shopValues(places[(done + i) % places.length]!, start + done + i, now, admin.id, '09')));
    log(`${done + size} / ${n} shops`);
  }
  return n;
}
