import { and, eq, sql } from 'drizzle-orm';
import { CODES } from '@contract/codes';
import type { PointMovementKind } from '@contract/lifecycle';
import type { Db, Tx } from '../db/client';
import { pointBalances, pointMovements } from '../db/schema';
import { ApiError, invalid, MESSAGES } from '../kit/errors';

/**
 * Members' points: every change is one movement with an idempotency key (unique per company), and the member's
 * balance moves in the same transaction. A balance never goes below zero: a spend past it is refused with
 * `{points: ['insufficientPoints']}` and changes nothing.
 */
type Conn = Db | Tx;
export type PointMovement = typeof pointMovements.$inferSelect;

export interface PointMove {
  companyId: number;
  appId: number;
  areaId: number;
  memberId: number;
  source: PointMovementKind;
  /** Signed: positive adds points, negative spends them (`USED`). */
  amount: number;
  /** Applied once per company: a second call with the key answers the first movement. */
  key: string;
  orderId?: number | null;
  redemptionId?: number | null;
  referralId?: number | null;
  shopId?: number | null;
  reason?: string;
  createdBy?: number | null;
  at: Date;
}

export interface PointResult {
  movement: PointMovement;
  /** False when the key had been applied before: `movement` is that first one. */
  applied: boolean;
}

/**
 * Applies a movement once: claims the key by inserting the movement (a concurrent call with the same key waits on the
 * unique index, then finds it), moves the balance under its row lock, and records the balance after it. A key reused
 * for another member or amount is 409 `IDEMPOTENCY_KEY_REUSED`. Run it inside the transaction of what caused it.
 */
export async function movePoints(tx: Conn, move: PointMove): Promise<PointResult> {
  if (!Number.isSafeInteger(move.amount) || move.amount === 0) throw invalid({ amount: ['integer'] });
  const [claimed] = await tx
    .insert(pointMovements)
    .values({
      companyId: move.companyId,
      appId: move.appId,
      areaId: move.areaId,
      memberId: move.memberId,
      source: move.source,
      amount: move.amount,
      balanceAfter: 0,
      idempotencyKey: move.key,
      orderId: move.orderId ?? null,
      redemptionId: move.redemptionId ?? null,
      referralId: move.referralId ?? null,
      shopId: move.shopId ?? null,
      reason: move.reason ?? '',
      createdBy: move.createdBy ?? null,
      createdAt: move.at,
    })
    .onConflictDoNothing({ target: [pointMovements.companyId, pointMovements.idempotencyKey] })
    .returning({ id: pointMovements.id });
  if (!claimed) {
    const [first] = await tx
      .select()
      .from(pointMovements)
      .where(and(eq(pointMovements.companyId, move.companyId), eq(pointMovements.idempotencyKey, move.key)))
      .limit(1);
    if (!first || first.memberId !== move.memberId || first.amount !== move.amount || first.source !== move.source) {
      throw new ApiError(409, MESSAGES.idempotencyKeyReused);
    }
    return { movement: first, applied: false };
  }
  const balance = move.amount > 0 ? await addTo(tx, move) : await takeFrom(tx, move);
  const [movement] = await tx.update(pointMovements).set({ balanceAfter: balance }).where(eq(pointMovements.id, claimed.id)).returning();
  return { movement: movement!, applied: true };
}

async function addTo(tx: Conn, move: PointMove): Promise<number> {
  const [row] = await tx
    .insert(pointBalances)
    .values({ memberId: move.memberId, companyId: move.companyId, appId: move.appId, areaId: move.areaId, balance: move.amount, updatedAt: move.at })
    .onConflictDoUpdate({ target: pointBalances.memberId, set: { balance: sql`${pointBalances.balance} + ${move.amount}`, updatedAt: move.at } })
    .returning({ balance: pointBalances.balance });
  return row!.balance;
}

async function takeFrom(tx: Conn, move: PointMove): Promise<number> {
  const [row] = await tx
    .update(pointBalances)
    .set({ balance: sql`${pointBalances.balance} + ${move.amount}`, updatedAt: move.at })
    .where(and(eq(pointBalances.memberId, move.memberId), sql`${pointBalances.balance} + ${move.amount} >= 0`))
    .returning({ balance: pointBalances.balance });
  if (!row) throw invalid({ points: [CODES.insufficientPoints] });
  return row.balance;
}

/** The member's points now (0 before the first movement). */
export async function pointsOf(db: Conn, memberId: number): Promise<number> {
  const [row] = await db.select({ balance: pointBalances.balance }).from(pointBalances).where(eq(pointBalances.memberId, memberId)).limit(1);
  return row?.balance ?? 0;
}
