import { z } from 'zod';
import { CODES } from '../codes';
import { enumField, intField, reasonField } from '../fields';
import { walletBalanceSchema, walletTransactionSchema } from './wallets';

/**
 * Wallet Monitoring's operator actions (docs/orders.md, "Operator actions on a wallet"): reject a pending transaction
 * (the money goes back to the wallet), and post a deposit, bonus or correction to a wallet with a reason. Each is one
 * ledger operation with an idempotency key, recorded in the audit log in the same database transaction, behind the
 * permission `Service {Service} Wallet Adjust` (its `create` flag).
 */

/** The largest amount one action moves: 1,000,000,000.00 in minor units, far inside the ledger's integer range. */
export const WALLET_ACTION_MAX = 100_000_000_000;
export const WALLET_ADJUSTMENT_KINDS = ['deposit', 'bonus', 'correction'] as const;
export type WalletAdjustmentKind = (typeof WALLET_ADJUSTMENT_KINDS)[number];

/** The idempotency key of a posting: made once per dialog; the `Idempotency-Key` header may carry it instead. */
export const idempotencyKeyField = () => z.string({ error: CODES.required }).trim().min(1, CODES.required).max(100, CODES.tooLong100);
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * `POST …/Wallet/Adjust/wallet/{ref}`: a deposit or bonus is a positive amount; a correction is signed and never 0
 * (a negative one may not take the wallet below what the ledger allows: 409 `INSUFFICIENT_BALANCE`).
 */
export const walletAdjustmentSchema = z
  .object({
    kind: enumField(WALLET_ADJUSTMENT_KINDS),
    amount: intField(-WALLET_ACTION_MAX, WALLET_ACTION_MAX),
    reason: reasonField(),
    idempotencyKey: idempotencyKeyField().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.amount === 0 || (body.kind !== 'correction' && body.amount < 0)) ctx.addIssue({ code: 'custom', path: ['amount'], message: CODES.outOfRange });
  });
export type WalletAdjustment = z.infer<typeof walletAdjustmentSchema>;

/** `POST …/Wallet/Adjust/transaction/{id}/reject`: why the pending transaction is refused. */
export const walletRejectSchema = z.object({ reason: reasonField() });
export type WalletReject = z.infer<typeof walletRejectSchema>;

/** What an action answers: the owner's transaction it wrote and the wallet afterwards. */
export const walletActionResultSchema = z.object({ transaction: walletTransactionSchema, wallet: walletBalanceSchema });
export type WalletActionResult = z.infer<typeof walletActionResultSchema>;
