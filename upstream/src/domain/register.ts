import { eq, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, offices, users } from '../db/schema';
import { addCatalogueEntries, fillPermissionRows, registryCatalogue } from './permissions';
import type { UserRow } from './users';
import { isUniqueViolation } from '../kit/errors';

export interface Registration {
  displayName: string;
  email: string;
  passwordHash: string;
}

/**
 * `register`: a new company named after the person, its "Head Office", and the person as its root admin
 * (username = e-mail) holding every flag. Null when the e-mail is already taken.
 */
export async function registerCompany(db: Db, input: Registration, now: Date): Promise<UserRow | null> {
  const email = input.email.trim().toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      const taken = await tx
        .select({ id: users.id })
        .from(users)
        .where(or(eq(users.username, email), eq(users.email, email)))
        .limit(1);
      if (taken.length > 0) return null;
      const [company] = await tx.insert(companies).values({ name: input.displayName, createdAt: now }).returning();
      const [office] = await tx.insert(offices).values({ companyId: company!.id, name: 'Head Office', createdAt: now }).returning();
      const [user] = await tx
        .insert(users)
        .values({
          companyId: company!.id,
          officeId: office!.id,
          username: email,
          email,
          displayName: input.displayName,
          passwordHash: input.passwordHash,
          role: 'admin',
          root: true,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await addCatalogueEntries(tx, company!.id, registryCatalogue());
      await fillPermissionRows(tx, company!.id, user!.id);
      return user!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}
