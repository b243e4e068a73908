import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import {
  PAYMENT_PROVIDERS,
  PAYMENT_SETTING_FIELDS,
  SECRET_FIELDS,
  type PaymentProvider,
  type PaymentSetting,
  type PaymentSettingChange,
  type PaymentSettingUpdate,
} from '@contract/resources/payment-settings';
import type { Db } from '../db/client';
import { areas, paymentSettingChanges, paymentSettings, users } from '../db/schema';
import { conflict, notFoundData } from '../kit/errors';
import { idString } from '../kit/schemas';
import type { ServiceScope } from './scope';

/**
 * Payment bank settings of an app's areas (contract/resources/payment-settings.ts). The secret key is stored
 * encrypted (AES-256-GCM under SETTINGS_SECRET) and never answered: only whether it is set and its last four
 * characters. Each save appends its changes to the history in the same transaction.
 */
type Row = typeof paymentSettings.$inferSelect;

const keyOf = (secret: string) => createHash('sha256').update(`payment-settings:${secret}`).digest();

export function encryptSecret(settingsSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(settingsSecret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

/** The saved secret in clear, for the payment calls; throws when it was sealed under another SETTINGS_SECRET. */
export function decryptSecret(settingsSecret: string, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(settingsSecret), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
}

/** The app's live area, in the caller's scope (staff: their own); 404 otherwise. */
async function areaOf(db: Db, scope: ServiceScope, areaId: number): Promise<{ id: number; name: string }> {
  const [area] = await db
    .select({ id: areas.id, name: areas.name })
    .from(areas)
    .where(and(eq(areas.id, areaId), eq(areas.companyId, scope.companyId), eq(areas.appId, scope.appId), isNull(areas.deletedAt)))
    .limit(1);
  if (!area || (scope.areaId !== null && scope.areaId !== area.id)) throw notFoundData();
  return area;
}

function toSetting(area: { id: number; name: string }, provider: PaymentProvider, row: Row | undefined, by: string | null): PaymentSetting {
  return {
    areaId: String(area.id),
    areaName: area.name,
    provider,
    enabled: row?.enabled ?? false,
    merchantId: row?.merchantId ?? '',
    publicKey: row?.publicKey ?? '',
    secretKeySet: Boolean(row?.secretKeyEnc),
    secretKeyLast4: row?.secretKeyLast4 ?? '',
    Short_Bank_name: row?.shortBankName ?? '',
    Bank_name: row?.bankName ?? '',
    Bank_account_number: row?.bankAccountNumber ?? '',
    version: row?.version ?? 0,
    updatedAt: row ? row.updatedAt.toISOString() : null,
    updatedBy: row?.updatedBy ? { uid: idString(row.updatedBy), displayName: by ?? '' } : null,
  };
}

async function rowsOf(db: Db, scope: ServiceScope, areaId?: number) {
  return db
    .select({ s: paymentSettings, by: users.displayName })
    .from(paymentSettings)
    .leftJoin(users, eq(users.id, paymentSettings.updatedBy))
    .where(
      and(
        eq(paymentSettings.companyId, scope.companyId),
        eq(paymentSettings.appId, scope.appId),
        areaId === undefined ? undefined : eq(paymentSettings.areaId, areaId),
      ),
    );
}

/** Every area of the app with each provider's state (the SettingArea list). */
export async function listPaymentAreas(db: Db, scope: ServiceScope) {
  const [list, rows] = await Promise.all([
    db
      .select({ id: areas.id, name: areas.name })
      .from(areas)
      .where(
        and(
          eq(areas.companyId, scope.companyId),
          eq(areas.appId, scope.appId),
          isNull(areas.deletedAt),
          scope.areaId === null ? undefined : eq(areas.id, scope.areaId),
        ),
      )
      .orderBy(asc(areas.name), asc(areas.id)),
    rowsOf(db, scope),
  ]);
  return list.map((area) => ({
    areaId: String(area.id),
    areaName: area.name,
    providers: PAYMENT_PROVIDERS.map((provider) => {
      const row = rows.find((r) => r.s.areaId === area.id && r.s.provider === provider)?.s;
      return { provider, enabled: row?.enabled ?? false, configured: Boolean(row?.merchantId && row.secretKeyEnc && row.bankAccountNumber) };
    }),
  }));
}

/** One area's three providers. */
export async function paymentArea(db: Db, scope: ServiceScope, areaId: number) {
  const area = await areaOf(db, scope, areaId);
  const rows = await rowsOf(db, scope, area.id);
  return {
    areaId: String(area.id),
    areaName: area.name,
    providers: PAYMENT_PROVIDERS.map((provider) => {
      const found = rows.find((r) => r.s.provider === provider);
      return toSetting(area, provider, found?.s, found?.by ?? null);
    }),
  };
}

export async function paymentSetting(db: Db, scope: ServiceScope, areaId: number, provider: PaymentProvider): Promise<PaymentSetting> {
  return (await paymentArea(db, scope, areaId)).providers.find((p) => p.provider === provider)!;
}

const COLUMN: Record<Exclude<(typeof PAYMENT_SETTING_FIELDS)[number], 'secretKey'>, keyof Row> = {
  enabled: 'enabled',
  merchantId: 'merchantId',
  publicKey: 'publicKey',
  Short_Bank_name: 'shortBankName',
  Bank_name: 'bankName',
  Bank_account_number: 'bankAccountNumber',
};

/**
 * Saves a provider's settings against the version last read (0: never saved). A secret left out or empty keeps the
 * saved one. The changes (a secret only as "changed") go to the history in the same transaction; a save that
 * changes nothing records nothing.
 */
export async function updatePaymentSetting(
  db: Db,
  scope: ServiceScope,
  areaId: number,
  provider: PaymentProvider,
  input: PaymentSettingUpdate,
  settingsSecret: string,
  now: Date,
): Promise<PaymentSetting> {
  const area = await areaOf(db, scope, areaId);
  const current = () => paymentSetting(db, scope, area.id, provider);
  // The transaction answers whether the version was stale; the current row is read after it ends.
  const stale = await db.transaction(async (tx): Promise<boolean> => {
    const [before] = await tx
      .select()
      .from(paymentSettings)
      .where(and(eq(paymentSettings.appId, scope.appId), eq(paymentSettings.areaId, area.id), eq(paymentSettings.provider, provider)))
      .for('update');
    if ((before?.version ?? 0) !== input.version) return true;
    const secret = input.secretKey ? input.secretKey : null;
    const values = {
      enabled: input.enabled,
      merchantId: input.merchantId,
      publicKey: input.publicKey,
      shortBankName: input.Short_Bank_name,
      bankName: input.Bank_name,
      bankAccountNumber: input.Bank_account_number,
      ...(secret ? { secretKeyEnc: encryptSecret(settingsSecret, secret), secretKeyLast4: secret.slice(-4) } : {}),
    };
    const changes: PaymentSettingChange['changes'] = [];
    for (const field of PAYMENT_SETTING_FIELDS) {
      if (SECRET_FIELDS.includes(field)) {
        if (secret) changes.push({ field, secret: true });
        continue;
      }
      const column = COLUMN[field as keyof typeof COLUMN];
      const from = before ? String(before[column]) : field === 'enabled' ? 'false' : '';
      const to = String(values[column as keyof typeof values]);
      if (from !== to) changes.push({ field, from, to });
    }
    if (changes.length === 0) return false;
    const stamp = { updatedAt: now, updatedBy: scope.userId };
    if (before) {
      await tx
        .update(paymentSettings)
        .set({ ...values, ...stamp, version: before.version + 1 })
        .where(eq(paymentSettings.id, before.id));
    } else {
      const inserted = await tx
        .insert(paymentSettings)
        .values({ companyId: scope.companyId, appId: scope.appId, areaId: area.id, provider, ...values, createdAt: now, ...stamp })
        .onConflictDoNothing()
        .returning({ id: paymentSettings.id });
      // Someone saved it first between the read and the insert.
      if (inserted.length === 0) return true;
    }
    await tx
      .insert(paymentSettingChanges)
      .values({ companyId: scope.companyId, appId: scope.appId, areaId: area.id, provider, changedBy: scope.userId, at: now, changes });
    return false;
  });
  if (stale) throw conflict(await current());
  return current();
}

/** The provider's changes, newest first. */
export async function paymentSettingHistory(db: Db, scope: ServiceScope, areaId: number, provider: PaymentProvider): Promise<PaymentSettingChange[]> {
  const area = await areaOf(db, scope, areaId);
  const rows = await db
    .select({ c: paymentSettingChanges, by: users.displayName })
    .from(paymentSettingChanges)
    .leftJoin(users, eq(users.id, paymentSettingChanges.changedBy))
    .where(and(eq(paymentSettingChanges.appId, scope.appId), eq(paymentSettingChanges.areaId, area.id), eq(paymentSettingChanges.provider, provider)))
    .orderBy(desc(paymentSettingChanges.at), desc(paymentSettingChanges.id))
    .limit(200);
  return rows.map(({ c, by }) => ({
    id: String(c.id),
    at: c.at.toISOString(),
    by: c.changedBy ? { uid: String(c.changedBy), displayName: by ?? '' } : null,
    changes: c.changes,
  }));
}
