import { and, eq, inArray } from 'drizzle-orm';
import { IMAGE_KEY } from '@contract/image-paths';
import { CODES } from '@contract/codes';
import type { Db } from '../db/client';
import { images } from '../db/schema';
import { invalid } from './errors';

/**
 * The image keys each field names that the row does not hold yet: a picture (a string) or a gallery (a list of
 * strings). Web addresses, '' and other values name none; a key the row already held (`current`) is not new.
 */
export function newImageKeys(fields: Record<string, unknown>, current?: Record<string, unknown>): [field: string, keys: string[]][] {
  const out: [string, string[]][] = [];
  for (const [field, value] of Object.entries(fields)) {
    const held = current?.[field];
    const had = new Set(Array.isArray(held) ? held : [held]);
    const keys = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && IMAGE_KEY.test(v) && !had.has(v));
    if (keys.length > 0) out.push([field, keys]);
  }
  return out;
}

/**
 * Refuses a row's picture that names an image key its company never uploaded (400 `{field: ['unknownReference']}`,
 * field by field): another company's upload, or a key nobody uploaded. Every field is looked at (`newImageKeys`), so
 * a resource's pictures are checked without naming them.
 */
export async function assertCompanyImages(db: Db, companyId: number, fields: Record<string, unknown>, current?: Record<string, unknown>): Promise<void> {
  const named = newImageKeys(fields, current);
  if (named.length === 0) return;
  const found = await db
    .select({ key: images.key })
    .from(images)
    .where(and(eq(images.companyId, companyId), inArray(images.key, [...new Set(named.flatMap(([, keys]) => keys))])));
  const known = new Set(found.map((r) => r.key));
  const unknown = named.filter(([, keys]) => keys.some((key) => !known.has(key)));
  if (unknown.length > 0) throw invalid(Object.fromEntries(unknown.map(([field]) => [field, [CODES.unknownReference]])));
}
