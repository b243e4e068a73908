// Zod's `.openapi()` is added when @hono/zod-openapi loads: before any contract schema is built (the seed may load first).
import '@hono/zod-openapi';
import { seedBilling } from './billing';
import { areaBoundary } from './area-boundaries';
import { count } from 'drizzle-orm';
import { DEMO_SEED_VOLUME, type SeedVolume } from '../config';
import type { Db } from '../db/client';
import { apps, areas, bikers, companies, members, messengerFees, notifications, offices, shippingRates, shops, users, type AppType } from '../db/schema';
import { hashPassword, type ScryptCost } from '../domain/passwords';
import { addCatalogueEntries, fillPermissionRows, grantService, registryCatalogue, withholdActions } from '../domain/permissions';
import { seedOrderHistory } from './orders';
import { seedPeople } from './people';
import { seedAccounts } from './accounts';
import { seedBikerPackages } from './biker-packages';
import { seedPackageSubscriptions } from './package-subscriptions';
import { seedBikerRegistrations } from './biker-registrations';
import { seedPoints } from './points';
import { seedAppSettings } from './settings';
import { seedPaymentSettings } from './payments';
import { seedRatings } from './ratings';
import { seedVouchers } from './vouchers';
import { seedPromotions } from './promotions';
import { seedWalletRequests } from './wallet-requests';
import { seedGifts } from './gifts';
import { seedLangStrings } from './lang-strings';
import { seedSupport } from './support';
import { seedChat } from './chat';
import { seedAnnouncements } from './announcements';
import { seedCatalogue, seedMemberPhotos, seedPictures } from './catalogue';
import type { ImageStore } from '../kit/image-store';
import { AROUND_THE_CLOCK, keepAShopOpenPerArea, SHOPS_SINCE_DAYS, seedShopManagement, shopPosition } from './shops';
import {
  DEMO_APPS,
  DEMO_AREAS,
  DEMO_BIKERS,
  DEMO_COMPANY,
  DEMO_MEMBERS,
  DEMO_MESSENGER_FEE,
  DEMO_NOTIFICATIONS,
  DEMO_OFFICES,
  DEMO_SHIPPING_RATE,
  DEMO_SHOPS,
  DEMO_USERS,
} from './data';

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  return (row?.n ?? 0) === 0;
}

/**
 * Writes the demo tenant in one transaction: users, shops, members and bikers, then the order history of the
 * volume (90 days of orders with their events, items, ledger and rollups).
 */
export async function seed(db: Db, cost: ScryptCost, now = new Date(), volume: SeedVolume = DEMO_SEED_VOLUME, images?: ImageStore): Promise<void> {
  const hashes = new Map<string, string>();
  for (const user of DEMO_USERS) hashes.set(user.username, await hashPassword(user.password, cost));

  await db.transaction(async (tx) => {
    const [company] = await tx.insert(companies).values({ name: DEMO_COMPANY, defaultLanguage: 'en', createdAt: now }).returning();
    const companyId = company!.id;
    const [office] = await tx
      .insert(offices)
      .values(DEMO_OFFICES.map((o) => ({ companyId, ...o, createdAt: now, updatedAt: now })))
      .returning();

    await seedBilling(tx, companyId, now);
    const appIds = new Map<AppType, number>();
    const areaIds = new Map<string, number>();
    for (const app of DEMO_APPS) {
      const [row] = await tx.insert(apps).values({ companyId, name: app.name, appType: app.appType, createdAt: now, updatedAt: now }).returning();
      appIds.set(app.appType, row!.id);
      for (const area of DEMO_AREAS) {
        const [a] = await tx
          .insert(areas)
          .values({ companyId, appId: row!.id, ...area, ...areaBoundary(area.name), createdAt: now, updatedAt: now })
          .returning();
        areaIds.set(`${app.appType}|${area.name}`, a!.id);
        const place = { companyId, appId: row!.id, areaId: a!.id, createdAt: now, updatedAt: now };
        await tx.insert(shippingRates).values({ ...place, ...DEMO_SHIPPING_RATE });
        await tx.insert(messengerFees).values({ ...place, ...DEMO_MESSENGER_FEE });
      }
    }
    let adminId = 0;
    let adminName = '';
    const placeOf = (app: AppType, area: string) => ({ companyId, appId: appIds.get(app)!, areaId: areaIds.get(`${app}|${area}`)! });

    await addCatalogueEntries(tx, companyId, registryCatalogue());
    for (const demo of DEMO_USERS) {
      const [user] = await tx
        .insert(users)
        .values({
          companyId,
          officeId: office!.id,
          username: demo.username,
          email: demo.email,
          displayName: demo.displayName,
          passwordHash: hashes.get(demo.username)!,
          role: demo.role,
          root: demo.root,
          appId: demo.app ? appIds.get(demo.app)! : null,
          areaId: demo.app && demo.area ? areaIds.get(`${demo.app}|${demo.area}`)! : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await fillPermissionRows(tx, companyId, user!.id);
      if (demo.role === 'admin' && !adminId) {
        adminId = user!.id;
        adminName = user!.displayName;
      }
      if (demo.grant) {
        const all = demo.grant.flags === 'all';
        await grantService(tx, user!.id, demo.grant.services, { read: true, write: true, create: true, delete: all });
        await withholdActions(tx, user!.id, demo.grant.services);
      }
      await tx.insert(notifications).values(
        DEMO_NOTIFICATIONS.map((n, i) => ({
          companyId,
          userId: user!.id,
          ...n,
          createdAt: new Date(now.getTime() - (DEMO_NOTIFICATIONS.length - i) * 3_600_000),
          readAt: i < 3 ? null : now,
        })),
      );
    }

    const shopsSince = daysBefore(now, SHOPS_SINCE_DAYS);
    await tx.insert(shops).values(
      DEMO_SHOPS.map((s, i) => ({
        ...placeOf(s.app, s.area),
        name: s.name,
        ...shopPosition(s.area, 1000 + i),
        ...AROUND_THE_CLOCK,
        createdAt: shopsSince,
        updatedAt: now,
      })),
    );
    // The demo members and bikers joined before the order history, so they have orders in it.
    await tx
      .insert(members)
      .values(DEMO_MEMBERS.map((m) => ({ ...placeOf(m.app, m.area), name: m.name, phone: m.phone, createdAt: daysBefore(now, 200), updatedAt: now })));
    await seedShopManagement(tx, companyId, adminId, now, DEMO_SHOPS.length);
    await keepAShopOpenPerArea(tx, companyId);
    await tx
      .insert(bikers)
      .values(DEMO_BIKERS.map((b) => ({ ...placeOf(b.app, b.area), name: b.name, phone: b.phone, createdAt: daysBefore(now, 300), updatedAt: now })));
    await seedPeople(tx, companyId, now, volume, { members: DEMO_MEMBERS.length, bikers: DEMO_BIKERS.length });
    await seedAccounts(tx, companyId, now, adminId);
    await seedBikerRegistrations(tx, companyId, now);
    await seedBikerPackages(tx, companyId, adminId, now);
    await seedPackageSubscriptions(tx, companyId, now);
    await seedOrderHistory(tx, { companyId, admin: { id: adminId, name: adminName }, now }, volume);
    await seedRatings(tx, companyId, now);
    await seedVouchers(tx, companyId, now);
    await seedPromotions(tx, companyId, now);
    await seedPoints(tx, companyId, now);
    await seedAppSettings(tx, companyId, adminId, now);
    await seedPaymentSettings(tx, companyId, adminId, now);
    await seedWalletRequests(tx, companyId, now);
    await seedGifts(tx, companyId, adminId, now);
    await seedLangStrings(tx, companyId, appIds.get('Delivery')!, adminId, now);
    const pictures = await seedPictures(tx, companyId, images);
    await seedCatalogue(tx, companyId, adminId, now, pictures);
    await seedMemberPhotos(tx, pictures);
    await seedSupport(tx, companyId, adminId, now, pictures.product[0]);
    await seedChat(tx, companyId, adminId, now);
    await seedAnnouncements(tx, companyId, adminId, now, pictures.product[1]);
  });
}

/** Seeds once: only when the database holds no company yet. */
export async function seedIfEmpty(db: Db, cost: ScryptCost, now?: Date, volume: SeedVolume = DEMO_SEED_VOLUME, images?: ImageStore): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seed(db, cost, now, volume, images);
  return true;
}
