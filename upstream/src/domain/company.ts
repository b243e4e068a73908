import { eq, and } from 'drizzle-orm';
import type { z } from 'zod';
import type { Company, companyUpdateSchema } from '@contract/resources/company';
import type { Db } from '../db/client';
import { companies, users } from '../db/schema';
import { notFoundData } from '../kit/errors';
import { idString } from '../kit/schemas';
import { settleVersionedWith } from '../kit/versioned';
import type { Scope } from './scope';

/** The caller's company as the Information page shows it. */
export async function companyOf(db: Db, scope: Scope): Promise<Company> {
  const [row] = await db
    .select({ c: companies, name: users.displayName })
    .from(companies)
    .leftJoin(users, eq(users.id, companies.updatedBy))
    .where(eq(companies.id, scope.companyId))
    .limit(1);
  if (!row) throw notFoundData();
  const { c, name } = row;
  return {
    id: String(c.id),
    name: c.name,
    address: c.address,
    taxId: c.taxId,
    phone: c.phone,
    email: c.email,
    logoUrl: c.logoUrl,
    version: c.version,
    updatedAt: c.updatedAt.toISOString(),
    updatedBy: c.updatedBy ? { uid: idString(c.updatedBy), displayName: name ?? '' } : null,
  };
}

export async function updateCompany(db: Db, scope: Scope, input: z.infer<typeof companyUpdateSchema>, now: Date): Promise<Company> {
  const { version, ...fields } = input;
  const [row] = await db
    .update(companies)
    .set({ ...fields, version: version + 1, updatedAt: now, updatedBy: scope.userId })
    .where(and(eq(companies.id, scope.companyId), eq(companies.version, version)))
    .returning({ id: companies.id });
  await settleVersionedWith(row, () => companyOf(db, scope));
  return companyOf(db, scope);
}
