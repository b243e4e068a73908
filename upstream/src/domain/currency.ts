import { and, eq } from 'drizzle-orm';
import { DEFAULT_CURRENCY_CODE, type CurrencyFormat } from '@contract/resources/currency';
import type { Db } from '../db/client';
import { currencySettings, users } from '../db/schema';
import { readOrCreate, settleVersionedWith } from '../kit/versioned';
import { idString } from '../kit/schemas';
import type { ServiceScope } from './scope';

const t = currencySettings;
const read = (db: Db, scope: ServiceScope) =>
  db
    .select({ c: t, name: users.displayName })
    .from(t)
    .leftJoin(users, eq(users.id, t.updatedBy))
    .where(and(eq(t.companyId, scope.companyId), eq(t.appId, scope.appId)))
    .limit(1);

/** The app's currency settings; written with the spec's defaults the first time they are read. */
export async function currencySetting(db: Db, scope: ServiceScope, now: Date) {
  const { c, name } = await readOrCreate(
    async () => (await read(db, scope))[0],
    () => db.insert(t).values({ companyId: scope.companyId, appId: scope.appId, createdAt: now, updatedAt: now }).onConflictDoNothing(),
  );
  return {
    id: String(c.id),
    appId: String(c.appId),
    word: c.word,
    decimals: c.decimals,
    thousands: c.thousands,
    decimal: c.decimal,
    code: c.code,
    version: c.version,
    updatedAt: c.updatedAt.toISOString(),
    updatedBy: c.updatedBy ? { uid: idString(c.updatedBy), displayName: name ?? '' } : null,
  };
}

/** Just the format, for every screen of the service. */
export async function currencyFormat(db: Db, scope: ServiceScope, now: Date): Promise<CurrencyFormat> {
  const { word, decimals, thousands, decimal } = await currencySetting(db, scope, now);
  return { word, decimals, thousands, decimal };
}

/** The app's currency code (ISO 4217): what its payments are taken in; the default until the settings are saved. */
export async function currencyCodeOf(db: Db, appId: number): Promise<string> {
  const [row] = await db.select({ code: t.code }).from(t).where(eq(t.appId, appId)).limit(1);
  return row?.code ?? DEFAULT_CURRENCY_CODE;
}

/** A `code` left out keeps the saved one. */
export async function updateCurrency(db: Db, scope: ServiceScope, version: number, input: CurrencyFormat & { code?: string }, now: Date) {
  await currencySetting(db, scope, now);
  const [row] = await db
    .update(t)
    .set({ ...input, version: version + 1, updatedAt: now, updatedBy: scope.userId })
    .where(and(eq(t.companyId, scope.companyId), eq(t.appId, scope.appId), eq(t.version, version)))
    .returning({ id: t.id });
  await settleVersionedWith(row, () => currencySetting(db, scope, now));
  return currencySetting(db, scope, now);
}
