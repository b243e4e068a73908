import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { apps, areas, bikerConfigs, bikerPackages, commissionConfigs } from '../db/schema';
import { DEFAULT_RATES } from '../domain/ledger';
import { num, run } from './sql-text';

/** Per open area (fee in satang, commission in basis points): two packages bikers take, one closed. */
export const DEMO_BIKER_PACKAGES = [
  { name: 'Rider Basic', fee: 0, commissionRate: 2000, duration: 30, status: 'active' },
  { name: 'Rider Plus', fee: 19_900, commissionRate: 1500, duration: 30, status: 'active' },
  { name: 'Rider Legacy', fee: 9_900, commissionRate: 1800, duration: 90, status: 'close' },
] as const;
/** Each app's biker settings (the commission is the one the ledger splits the delivery fee by). */
export const DEMO_BIKER_CONFIG = {
  Delivery: { maxTasks: 5, acceptTimeoutSec: 30, searchRadiusKm: 5, maxOnlineHours: 12 },
  Marketplace: { maxTasks: 3, acceptTimeoutSec: 45, searchRadiusKm: 10, maxOnlineHours: 10 },
} as const;

/**
 * The biker packages of every open area, each app's biker settings, and about half the bikers of the open areas on
 * one of their area's active packages (the even ids).
 */
export async function seedBikerPackages(tx: Tx, companyId: number, adminId: number, now: Date): Promise<void> {
  const places = await tx
    .select({ appId: apps.id, appType: apps.appType, areaId: areas.id })
    .from(areas)
    .innerJoin(apps, eq(apps.id, areas.appId))
    .where(and(eq(areas.companyId, companyId), eq(areas.status, 'AreaReady'), isNull(areas.deletedAt)))
    .orderBy(apps.id, areas.id);
  const open = places.flatMap((p) =>
    DEMO_BIKER_PACKAGES.map((pkg) => ({ companyId, appId: p.appId, areaId: p.areaId, ...pkg, createdAt: now, updatedAt: now, updatedBy: adminId })),
  );
  if (open.length) await tx.insert(bikerPackages).values(open);

  const appRows = await tx
    .select({ id: apps.id, appType: apps.appType, rate: commissionConfigs.bikerCommission })
    .from(apps)
    .leftJoin(commissionConfigs, eq(commissionConfigs.appId, apps.id))
    .where(eq(apps.companyId, companyId))
    .orderBy(apps.id);
  for (const app of appRows) {
    await tx.insert(bikerConfigs).values({
      companyId,
      appId: app.id,
      ...DEMO_BIKER_CONFIG[app.appType],
      commissionRate: app.rate ?? DEFAULT_RATES.bikerCommission,
      createdAt: now,
      updatedAt: now,
      updatedBy: adminId,
    });
  }

  const active = DEMO_BIKER_PACKAGES.filter((p) => p.status === 'active').length;
  await run(
    tx,
    `
    UPDATE bikers b SET package_id = p.id
    FROM (SELECT id, app_id, area_id, row_number() OVER (PARTITION BY app_id, area_id ORDER BY id) - 1 AS k
          FROM biker_packages WHERE company_id = ${num(companyId)} AND status = 'active' AND deleted_at IS NULL) p
    WHERE b.company_id = ${num(companyId)} AND b.app_id = p.app_id AND b.area_id = p.area_id AND b.id % 2 = 0
      AND p.k = (b.id / 2) % ${num(active)}`,
  );
}
