import type { Context } from 'hono';
import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { WALLET_MENUS, type WalletOwnerType } from '@contract/resources/wallets';
import {
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyField,
  walletActionResultSchema,
  walletAdjustmentSchema,
  walletRejectSchema,
  type WalletAdjustment,
  type WalletReject,
} from '@contract/resources/wallet-actions';
import { postAdjustment, rejectPending } from '../domain/wallet-actions';
import { walletOne } from '../domain/wallet-balances';
import { transactionById } from '../domain/wallets';
import { auditInTransaction } from '../kit/audit';
import { assertCan, requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { invalid, notFoundData } from '../kit/errors';
import { addRoute, validOf } from '../kit/routes';
import { errorResponses, errorSchema, jsonBody, jsonResponse, parseId } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';

const answer = z.object({ status: z.literal(true), data: walletActionResultSchema });
const conflict = (description: string) => ({ 409: { description, content: { 'application/json': { schema: errorSchema } } } });
const idOf = (value: string | undefined) => {
  const id = parseId(value);
  if (id === null) throw notFoundData();
  return id;
};

/**
 * Wallet Monitoring's operator actions under `/api/admin/{service}/Wallet/Adjust` (the permission `Service {service}
 * Wallet Adjust`, its `create` flag, which the route registry gives these paths): reject a pending transaction, and
 * post a deposit, bonus or correction to a wallet. Each is one transaction with its audit row.
 */
export function registerWalletActionRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const guard = [requireAuth(deps), requireServiceRoute(deps, 'Wallet Adjust')];
  const tag = 'Wallets';
  const base = '/api/admin/{service}/Wallet/Adjust';
  /** The owner type's list must be readable too, as for the wallet's and the transaction's pages. */
  const assertMenu = (c: Context<AppEnv>, ownerType: WalletOwnerType, list: 'Wallet' | 'Wallet Balance') =>
    assertCan(deps, c.var.auth, c.var.service.appType, `Service ${c.var.service.appType} ${list} ${WALLET_MENUS[ownerType]}`, 'read');
  const audit = (c: Context<AppEnv>) => (tx: Parameters<typeof auditInTransaction>[1], status: number) => auditInTransaction(deps, tx, c, status);

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'post',
      path: `${base}/transaction/{id}/reject`,
      operationId: 'rejectWalletTransaction',
      summary: 'Reject a pending withdrawal or deposit request',
      description:
        "Cancels a Pending transaction as one ledger operation keyed `cancel:{id}` (the confirmation is `confirm:{id}`): a withdrawal's held money is free again, a deposit request never enters. A `cancel` transaction of the opposite amount carries the reason; the audit row is written in the same transaction. The same reject again answers 200 with the first result; 409 `TRANSACTION_NOT_PENDING` when it was confirmed (a reject and a confirm racing: one wins). Needs `Wallet Adjust` (create) and the read flag of the owner type's `Wallet` menu.",
      request: {
        params: serviceParamSchema.extend({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '42' }) }),
        body: jsonBody(walletRejectSchema),
      },
      responses: {
        200: jsonResponse(answer, 'The cancel transaction and the wallet afterwards'),
        ...errorResponses,
        ...conflict('`TRANSACTION_NOT_PENDING`: already confirmed or not a pending transaction'),
      },
    },
    async (c) => {
      const id = idOf(c.req.param('id'));
      await assertMenu(c, (await transactionById(deps.db, c.var.service, id)).ownerType, 'Wallet');
      const { reason } = validOf<WalletReject>(c, 'json');
      const done = await rejectPending(deps.db, c.var.service, id, reason, deps.now(), audit(c));
      return c.json({ status: true as const, data: done.data }, 200);
    },
  );

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'post',
      path: `${base}/wallet/{ref}`,
      operationId: 'adjustWallet',
      summary: 'Post a deposit, bonus or correction to a wallet',
      description:
        "One ledger operation keyed `adjust:{idempotencyKey}` (the body's field, else the `Idempotency-Key` header), with the reason on its transactions and the audit row in the same transaction. `deposit`: money in from outside; `bonus`: from the platform's wallet (which must cover it); `correction`: signed, never 0. A debit may not take the wallet below what the ledger allows: 409 `INSUFFICIENT_BALANCE`. The same key again answers 200 with the first result; the key with another wallet, kind or amount is 409 `IDEMPOTENCY_KEY_REUSED`. Amounts are minor units, at most 100000000000 either way. Needs `Wallet Adjust` (create) and the read flag of the owner type's `Wallet Balance` menu.",
      request: {
        params: serviceParamSchema.extend({ ref: z.string().openapi({ param: { name: 'ref', in: 'path' }, example: '12' }) }),
        body: jsonBody(walletAdjustmentSchema),
      },
      responses: {
        201: jsonResponse(answer, "The owner's transaction and the wallet afterwards"),
        200: jsonResponse(answer, 'The same key again: the first result'),
        ...errorResponses,
        ...conflict('`INSUFFICIENT_BALANCE` or `IDEMPOTENCY_KEY_REUSED`'),
      },
    },
    async (c) => {
      const wallet = await walletOne(deps.db, c.var.service, idOf(c.req.param('ref')));
      await assertMenu(c, wallet.ownerType, 'Wallet Balance');
      const body = validOf<WalletAdjustment>(c, 'json');
      const key = idempotencyKeyField().safeParse(body.idempotencyKey ?? c.req.header(IDEMPOTENCY_KEY_HEADER) ?? '');
      if (!key.success) throw invalid({ idempotencyKey: key.error.issues.map((i) => i.message) });
      const done = await postAdjustment(deps.db, c.var.service, Number(wallet.id), body, key.data, deps.now(), audit(c));
      return c.json({ status: true as const, data: done.data }, done.applied ? 201 : 200);
    },
  );
}
