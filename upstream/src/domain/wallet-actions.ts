import type { WalletActionResult, WalletAdjustment } from '@contract/resources/wallet-actions';
import type { Db, Tx } from '../db/client';
import { invalid } from '../kit/errors';
import { parseId } from '../kit/schemas';
import { applyOperation, PLATFORM, settlePending, type Leg, type WalletOwnerRef } from './ledger';
import type { ServiceScope } from './scope';
import { walletOne } from './wallet-balances';
import { transactionById } from './wallets';

/**
 * Wallet Monitoring's operator actions (docs/orders.md, "Operator actions on a wallet"). Each is one database
 * transaction: the ledger operation under its idempotency key and, when it moved money, the call's audit row
 * (`audit`, written by the route with the status it answers). A replayed key moves nothing and answers the first
 * result (`applied: false`).
 */
export type AuditHook = (tx: Tx, status: number) => Promise<void>;

export interface ActionAnswer {
  data: WalletActionResult;
  applied: boolean;
}

const answerOf = async (db: Db, scope: ServiceScope, transactionId: number, applied: boolean): Promise<ActionAnswer> => {
  const transaction = await transactionById(db, scope, transactionId);
  return { data: { transaction, wallet: await walletOne(db, scope, Number(transaction.walletId)) }, applied };
};

/**
 * Rejects a Pending transaction of a wallet the caller may see (a withdrawal: the held money is free again; a deposit
 * request: it never enters). The ledger's `cancel:{id}` is the key, as `confirm:{id}` is the confirmation's: a second
 * reject answers the first; a reject racing a confirm loses or wins as a whole (409 `TRANSACTION_NOT_PENDING`).
 * The answer's transaction is the `cancel` one, noted with the reason.
 */
export async function rejectPending(db: Db, scope: ServiceScope, id: number, reason: string, now: Date, audit: AuditHook): Promise<ActionAnswer> {
  await transactionById(db, scope, id);
  const result = await db.transaction(async (tx) => {
    const done = await settlePending(tx, scope.companyId, id, 'cancel', now, scope.userId, reason);
    if (done.applied) await audit(tx, 200);
    return done;
  });
  const cancel = result.transactions.find((t) => t.type === 'cancel' && t.id !== id);
  return answerOf(db, scope, cancel?.id ?? id, result.applied);
}

/** The legs of an adjustment of the owner's wallet: a bonus comes out of the platform's wallet. */
function legsOf(owner: WalletOwnerRef, body: WalletAdjustment): Leg[] {
  const note = body.reason;
  if (body.kind === 'bonus') {
    return [
      { owner: PLATFORM, type: 'bonus', amount: -body.amount, note },
      { owner, type: 'bonus', amount: body.amount, note },
    ];
  }
  return [{ owner, type: body.kind, amount: body.amount, note }];
}

/**
 * Posts a deposit (money in from outside), a bonus (from the platform's wallet) or a correction (signed) to a wallet the
 * caller may see, keyed `adjust:{key}`. A debit may not take a wallet below what the ledger allows (409
 * `INSUFFICIENT_BALANCE`: the balance less its pending withdrawals stays ≥ 0, except a biker's); a bonus to the
 * platform's own wallet is 400 `kind: invalidTransition`; the key reused for another movement is 409
 * `IDEMPOTENCY_KEY_REUSED`.
 */
export async function postAdjustment(
  db: Db,
  scope: ServiceScope,
  walletId: number,
  body: WalletAdjustment,
  key: string,
  now: Date,
  audit: AuditHook,
): Promise<ActionAnswer> {
  const wallet = await walletOne(db, scope, walletId);
  if (body.kind === 'bonus' && wallet.ownerType === 'admin') throw invalid({ kind: ['invalidTransition'] });
  const owner: WalletOwnerRef = {
    type: wallet.ownerType,
    id: Number(wallet.ownerId),
    areaId: wallet.areaId === null ? null : parseId(wallet.areaId),
  };
  const result = await db.transaction(async (tx) => {
    const done = await applyOperation(
      tx,
      { place: { companyId: scope.companyId, appId: scope.appId }, key: `adjust:${key}`, kind: body.kind, legs: legsOf(owner, body) },
      now,
    );
    if (done.applied) await audit(tx, 201);
    return done;
  });
  const mine = result.transactions.find((t) => t.walletId === walletId) ?? result.transactions.at(-1)!;
  return answerOf(db, scope, mine.id, result.applied);
}
