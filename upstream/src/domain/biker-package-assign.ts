import { and, eq, isNull, sql } from 'drizzle-orm';
import type { BikerAccount } from '@contract/resources/accounts';
import type { Db } from '../db/client';
import { bikerPackages, bikers } from '../db/schema';
import { conflict, invalid, notFoundData } from '../kit/errors';
import { CODES } from '../kit/fields';
import { parseId } from '../kit/schemas';
import { getBikerAccount } from './accounts';
import { bikerWhere } from './bikers';
import { packageSaved } from './package-subscriptions';
import type { ServiceScope } from './scope';

const b = bikers;

/**
 * Puts a biker on a package of their app and area (live and open), with the version last read. Another package than
 * the biker's starts a subscription and charges its fee to the biker's wallet in the same transaction
 * (domain/package-subscriptions.ts); the same package again changes nothing but the version.
 */
export async function assignBikerPackage(
  db: Db,
  scope: ServiceScope,
  id: number,
  input: { packageId: string; version: number },
  now: Date,
): Promise<BikerAccount> {
  const before = await getBikerAccount(db, scope, id);
  if (!before) throw notFoundData();
  if (before.version !== input.version) throw conflict(before);
  const packageId = parseId(input.packageId) ?? -1;
  const areaId = Number(before.areaId);
  const [pkg] = await db
    .select({ id: bikerPackages.id })
    .from(bikerPackages)
    .where(
      and(
        eq(bikerPackages.id, packageId),
        eq(bikerPackages.companyId, scope.companyId),
        eq(bikerPackages.appId, scope.appId),
        eq(bikerPackages.areaId, areaId),
        eq(bikerPackages.status, 'active'),
        isNull(bikerPackages.deletedAt),
      ),
    )
    .limit(1);
  if (!pkg) throw invalid({ packageId: [CODES.unknownReference] });
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(b)
      .set({ packageId, version: sql`${b.version} + 1`, updatedAt: now })
      .where(and(bikerWhere(scope, {}), eq(b.id, id), eq(b.version, input.version)))
      .returning({ id: b.id });
    if (row) {
      const holder = { type: 'biker' as const, id, companyId: scope.companyId, appId: scope.appId, areaId };
      await packageSaved(tx, holder, parseId(before.packageId ?? ''), packageId, now, scope.userId);
    }
    return row;
  });
  if (!done) throw conflict((await getBikerAccount(db, scope, id)) ?? undefined);
  return (await getBikerAccount(db, scope, id))!;
}
