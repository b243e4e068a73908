import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { bikerRegistrations, shopRegistrations } from '../db/schema';
import { conflict, notFoundData } from '../kit/errors';
import { stamp } from './shop-common';
import type { ServiceScope } from './scope';

/**
 * What the shop and biker registrations share: a registration waits until one decision, approve or reject, claims it.
 * The claim is one conditional UPDATE (`… WHERE state = 'waiting'`): of two decisions at once (a double click, two
 * people), exactly one finds the row waiting and wins; the other answers 409 with the registration as it is now.
 */
export type RegistrationTable = typeof shopRegistrations | typeof bikerRegistrations;
export type Decision = { state: 'approved' } | { state: 'rejected'; reason: string };

/** A registration in scope still waiting for a decision: 404 when not in scope, 409 (with it) when decided. */
export function waitingOrThrow<T extends { state: string }>(item: T | null): T {
  if (!item) throw notFoundData();
  if (item.state !== 'waiting') throw conflict(item);
  return item;
}

const LOST = Symbol('lost');

/**
 * Claims a waiting registration for `decision` and, in the same transaction, does what the decision makes (`then`:
 * the shop or biker of an approval), so the two commit together or not at all. When another decision came first,
 * nothing is done and the answer is 409 with the registration as `current()` reads it (after the transaction: on a
 * single-connection database a read beside an open transaction would wait for it).
 */
export async function decideOnce<R>(
  db: Db,
  t: RegistrationTable,
  id: number,
  decision: Decision,
  scope: ServiceScope,
  now: Date,
  current: () => Promise<unknown>,
  then: (tx: Tx) => Promise<R>,
): Promise<R> {
  // The two tables share the columns written here; drizzle's builders are typed per table, hence the one view.
  const table = t as typeof shopRegistrations;
  const result = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(table)
      .set({ ...decision, version: sql`${table.version} + 1`, ...stamp(scope, now) })
      .where(and(eq(table.id, id), eq(table.state, 'waiting')))
      .returning({ id: table.id });
    return claimed ? then(tx) : LOST;
  });
  if (result === LOST) throw conflict(await current());
  return result;
}

/** Rejects a waiting registration with a reason; answers the registration as it is afterwards. */
export async function rejectWaiting<T extends { state: string }>(
  db: Db,
  t: RegistrationTable,
  id: number,
  reason: string,
  scope: ServiceScope,
  now: Date,
  get: () => Promise<T | null>,
): Promise<T> {
  waitingOrThrow(await get());
  await decideOnce(db, t, id, { state: 'rejected', reason }, scope, now, get, async () => undefined);
  return (await get())!;
}
