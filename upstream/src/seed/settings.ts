import { eq } from 'drizzle-orm';
import { DEFAULT_APP_SETTINGS } from '@contract/resources/app-config';
import type { Tx } from '../db/client';
import { appSettings, apps } from '../db/schema';

/**
 * Every demo app's settings (`Config/App`) beyond the point rules: the defaults, with the support contacts the apps
 * show filled in (the group is required), not in maintenance.
 */
export async function seedAppSettings(tx: Tx, companyId: number, adminId: number, now: Date): Promise<void> {
  const rows = await tx.select({ id: apps.id, appType: apps.appType }).from(apps).where(eq(apps.companyId, companyId)).orderBy(apps.id);
  if (!rows.length) return;
  await tx.insert(appSettings).values(
    rows.map((app) => ({
      companyId,
      appId: app.id,
      values: {
        ...DEFAULT_APP_SETTINGS,
        supportPhone: '021234567',
        supportEmail: `support.${app.appType.toLowerCase()}@bite.example`,
        supportLineId: '@bitesupport',
      },
      createdAt: now,
      updatedAt: now,
      updatedBy: adminId,
    })),
  );
}
