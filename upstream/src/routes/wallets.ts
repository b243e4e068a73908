import type { Context } from 'hono';
import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { listResponseSchema } from '../kit/list';
import {
  WALLET_MENUS,
  ownerOfMenu,
  walletBalanceQuerySchema,
  walletBalanceSchema,
  walletCheckSchema,
  walletTransactionQuerySchema,
  walletTransactionSchema,
  type WalletOwnerType,
} from '@contract/resources/wallets';
import { checkWallet, listBalances, walletOne } from '../domain/wallet-balances';
import { confirmWalletTransaction, listTransactions, transactionBatches, transactionById, type BalanceQuery, type TransactionQuery } from '../domain/wallets';
import { assertCan, requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { notFoundData } from '../kit/errors';
import { csvResponse } from '../kit/export';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, jsonResponse, parseId } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';

const MENUS = Object.values(WALLET_MENUS) as ['Admin', 'Member', 'Shop', 'Biker'];
const menuParams = serviceParamSchema.extend({ menu: z.enum(MENUS).openapi({ param: { name: 'menu', in: 'path' }, example: 'Member' }) });
const refParams = serviceParamSchema.extend({ ref: z.string().openapi({ param: { name: 'ref', in: 'path' }, example: '12' }) });
const ok = <T extends z.ZodType>(data: T, description: string) => ({
  200: jsonResponse(z.object({ status: z.literal(true), data }), description),
  ...errorResponses,
});
const idOf = (value: string | undefined) => {
  const id = parseId(value);
  if (id === null) throw notFoundData();
  return id;
};
const ownerOf = (menu: string | undefined): WalletOwnerType => {
  const owner = menu === undefined ? null : ownerOfMenu(menu);
  if (!owner) throw notFoundData();
  return owner;
};
const CSV_HEADER = ['id', 'type', 'status', 'amount', 'owner', 'ownerType', 'area', 'orderNo', 'createdAt', 'confirmedAt', 'confirmedBy', 'note'];

/**
 * Wallet Monitoring (`Wallet/{Admin|Member|Shop|Biker}`: the ledger's transactions, confirm a pending one) and Wallet
 * Balance (`Wallet/Balance/…`: the wallets, one wallet, its check). Each menu answers to its own permission.
 */
export function registerWalletRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const guard = [requireAuth(deps), requireServiceRoute(deps, 'Wallet')];
  const tag = 'Wallets';
  const base = '/api/admin/{service}/Wallet';
  const get = (config: Omit<Parameters<typeof addRoute>[3], 'method'>, handler: Parameters<typeof addRoute>[4]) =>
    addRoute(app, tag, guard, { method: 'get', ...config }, handler);
  /**
   * A wallet or transaction by ref answers to its page's flag (`Wallet`, `Wallet Balance`: the route registry's) and
   * to its owner type's menu besides (`Wallet Shop`, `Wallet Balance Shop`), as its list does.
   */
  const assertMenu = (c: Context<AppEnv>, ownerType: WalletOwnerType, list: 'Wallet' | 'Wallet Balance') =>
    assertCan(deps, c.var.auth, c.var.service.appType, `Service ${c.var.service.appType} ${list} ${WALLET_MENUS[ownerType]}`, 'read');
  /** The wallet of the path's ref, when the caller may read it. */
  const refWallet = async (c: Context<AppEnv>) => {
    const wallet = await walletOne(deps.db, c.var.service, idOf(c.req.param('ref')));
    await assertMenu(c, wallet.ownerType, 'Wallet Balance');
    return wallet;
  };
  /** A list's answer: the page's rows, the total and the page asked for. */
  const pageAnswer = (c: Context<AppEnv>, query: { page: number; pageSize: number }, found: { rows: unknown[]; total: number }) =>
    c.json({ status: true as const, data: found.rows, total: found.total, page: query.page, pageSize: query.pageSize }, 200);

  get(
    {
      path: `${base}/Balance/{menu}`,
      operationId: 'listWalletBalances',
      summary: 'The wallets of one owner type with their balances',
      description:
        'Balance (the sum of the Success transactions), the pending sum and the count of transactions; sorted by balance (highest first) unless asked.',
      request: { params: menuParams, query: walletBalanceQuerySchema },
      responses: { 200: jsonResponse(listResponseSchema(walletBalanceSchema), 'A page of wallets'), ...errorResponses },
    },
    async (c) => {
      const query = validOf<BalanceQuery>(c, 'query');
      return pageAnswer(c, query, await listBalances(deps.db, c.var.service, ownerOf(c.req.param('menu')), query));
    },
  );
  get(
    {
      path: `${base}/Balance/{menu}/export`,
      operationId: 'exportWalletBalances',
      summary: 'The wallets of one owner type as CSV',
      description: 'Every matching wallet with its balance and pending sum (satang), highest balance first.',
      request: { params: menuParams, query: walletBalanceQuerySchema },
      responses: { 200: { description: 'CSV, money in satang', content: { 'text/csv': { schema: z.string() } } }, ...errorResponses },
    },
    async (c) => {
      const query = validOf<BalanceQuery>(c, 'query');
      const owner = ownerOf(c.req.param('menu'));
      async function* rows() {
        for (let page = 1; ; page++) {
          const { rows: batch } = await listBalances(deps.db, c.var.service, owner, { ...query, page, pageSize: 100 });
          if (batch.length) yield batch.map((w) => [w.id, w.ownerName, w.ownerType, w.areaName, w.balance, w.pending, w.transactions, w.updatedAt]);
          if (batch.length < 100) return;
        }
      }
      return csvResponse(c, `wallet-balances-${owner}.csv`, ['id', 'owner', 'ownerType', 'area', 'balance', 'pending', 'transactions', 'updatedAt'], rows());
    },
  );
  get(
    {
      path: `${base}/Balance/wallet/{ref}`,
      operationId: 'getWallet',
      summary: 'One wallet and its balance',
      description: "A wallet of the app the caller may see (staff: their own area); needs its owner type's Wallet Balance menu too.",
      request: { params: refParams },
      responses: ok(walletBalanceSchema, 'The wallet'),
    },
    async (c) => c.json({ status: true as const, data: await refWallet(c) }, 200),
  );
  get(
    {
      path: `${base}/Balance/wallet/{ref}/check`,
      operationId: 'checkWallet',
      summary: "Check a wallet's balance against its transactions",
      description: 'The balance and the sum of the Success transactions; `matches` is false only if the ledger were broken.',
      request: { params: refParams },
      responses: ok(walletCheckSchema, 'The check'),
    },
    async (c) => c.json({ status: true as const, data: await checkWallet(deps.db, await refWallet(c)) }, 200),
  );
  get(
    {
      path: `${base}/Balance/wallet/{ref}/transactions`,
      operationId: 'listWalletTransactions',
      summary: "The transactions behind a wallet's balance",
      description: "One wallet's transactions with the list's filters, newest first unless asked.",
      request: { params: refParams, query: walletTransactionQuerySchema },
      responses: { 200: jsonResponse(listResponseSchema(walletTransactionSchema), 'A page of transactions'), ...errorResponses },
    },
    async (c) => {
      const wallet = await refWallet(c);
      const query = validOf<TransactionQuery>(c, 'query');
      return pageAnswer(c, query, await listTransactions(deps.db, c.var.service, wallet.ownerType, { ...query, walletId: wallet.id }));
    },
  );
  get(
    {
      path: `${base}/transaction/{ref}`,
      operationId: 'getWalletTransaction',
      summary: 'One wallet transaction',
      description: "With its owner, order, and who confirmed it when; needs its owner type's Wallet menu too.",
      request: { params: refParams },
      responses: ok(walletTransactionSchema, 'The transaction'),
    },
    async (c) => {
      const row = await transactionById(deps.db, c.var.service, idOf(c.req.param('ref')));
      await assertMenu(c, row.ownerType, 'Wallet');
      return c.json({ status: true as const, data: row }, 200);
    },
  );
  get(
    {
      path: `${base}/{menu}`,
      operationId: 'listWalletTransactionsByOwner',
      summary: 'The transactions of one owner type',
      description: 'Type, signed amount (satang), status, owner, order and time; filters by type, status, day range and area; newest first unless asked.',
      request: { params: menuParams, query: walletTransactionQuerySchema },
      responses: { 200: jsonResponse(listResponseSchema(walletTransactionSchema), 'A page of transactions'), ...errorResponses },
    },
    async (c) => {
      const query = validOf<TransactionQuery>(c, 'query');
      return pageAnswer(c, query, await listTransactions(deps.db, c.var.service, ownerOf(c.req.param('menu')), query));
    },
  );
  get(
    {
      path: `${base}/{menu}/export`,
      operationId: 'exportWalletTransactions',
      summary: 'The transactions of one owner type as CSV',
      description: "Every transaction the list's filters match, newest first, streamed; amounts in satang.",
      request: { params: menuParams, query: walletTransactionQuerySchema },
      responses: { 200: { description: 'CSV, money in satang', content: { 'text/csv': { schema: z.string() } } }, ...errorResponses },
    },
    async (c) => {
      const owner = ownerOf(c.req.param('menu'));
      const batches = transactionBatches(deps.db, c.var.service, owner, validOf<TransactionQuery>(c, 'query'));
      async function* rows() {
        for await (const batch of batches) {
          yield batch.map((t) => [
            t.id,
            t.type,
            t.status,
            t.amount,
            t.ownerName,
            t.ownerType,
            t.areaName,
            t.orderNo,
            t.createdAt,
            t.confirmedAt,
            t.confirmedBy?.displayName ?? '',
            t.note,
          ]);
        }
      }
      return csvResponse(c, `wallet-transactions-${owner}.csv`, CSV_HEADER, rows());
    },
  );
  addRoute(
    app,
    tag,
    guard,
    {
      method: 'patch',
      path: `${base}/{menu}/{id}/confirm`,
      operationId: 'confirmWalletTransaction',
      summary: 'Confirm a pending deposit or withdrawal',
      description:
        'Moves a Pending transaction to Success as one ledger operation keyed `confirm:{id}`: a double click or two people confirming at once move the money once (the second gets the same answer). 409 `TRANSACTION_NOT_PENDING` when it was cancelled, `INSUFFICIENT_BALANCE` when the wallet no longer covers a withdrawal.',
      request: { params: menuParams.extend({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '42' }) }) },
      responses: { ...ok(walletTransactionSchema, 'The transaction, confirmed'), ...conflictResponse },
    },
    async (c) => {
      const data = await confirmWalletTransaction(deps.db, c.var.service, ownerOf(c.req.param('menu')), idOf(c.req.param('id')), deps.now());
      return c.json({ status: true as const, data }, 200);
    },
  );
}
