import { conflict, notFoundData } from './errors';

/**
 * Optimistic concurrency: an update runs `… WHERE id = ? AND version = ? AND deleted_at IS NULL` and bumps the
 * version. No row back means either the row is gone (404) or someone else changed it first (409).
 */
export async function settleVersioned<T>(updated: T | undefined, stillThere: () => Promise<boolean>): Promise<T> {
  if (updated !== undefined) return updated;
  throw (await stillThere()) ? conflict() : notFoundData();
}

/**
 * The same, for resources whose 409 carries the row as it is now (with `updatedBy` and `updatedAt`), so the person
 * who lost the race sees who changed it.
 */
export async function settleVersionedWith<T, C>(updated: T | undefined, current: () => Promise<C | null>): Promise<T> {
  if (updated !== undefined) return updated;
  const now = await current();
  throw now === null ? notFoundData() : conflict(now);
}

/**
 * An app's one settings row: read it, and the first time (none yet) write the defaults and read again. A concurrent
 * first read writes nothing twice (`create` must do nothing on conflict).
 */
export async function readOrCreate<T>(read: () => Promise<T | undefined>, create: () => Promise<unknown>): Promise<T> {
  const found = await read();
  if (found !== undefined) return found;
  await create();
  return (await read())!;
}
