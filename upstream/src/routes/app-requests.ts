import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { shopSelfEditSchema, type ShopSelfEdit } from '@contract/resources/shop';
import { shopRegistrationContract } from '@contract/resources/shop-registration';
import { walletTransactionSchema, withdrawalRequestSchema } from '@contract/resources/wallets';
import { editOwnShop } from '../domain/shop-self-edit';
import { registerShop, type RegistrationInput } from '../domain/shop-registrations';
import { requestOwnerWithdrawal } from '../domain/wallets';
import { requireAppKey } from '../kit/app-channel';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { notFoundData } from '../kit/errors';
import { addRoute, validOf } from '../kit/routes';
import { errorResponses, idParamSchema, jsonBody, jsonResponse, parseId } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';
import { shopItemSchema } from './shop-schemas';

const registrationSchema = shopRegistrationContract.schemas.item.openapi('ShopRegistration');

/**
 * What the shop, member and biker apps ask of the back-office (app channel: `x-app-key` besides the bearer token; the
 * portal never forwards these): a shop's registration and a withdrawal request, each raising a notification for the
 * people who look after the area in the same transaction; and a shop's change of its own details, which its
 * `permissionEdit` allows or refuses.
 */
export function registerAppRequestRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);
  const appKey = requireAppKey(deps);

  addRoute(
    app,
    'App channel',
    [authed, appKey, requireServiceRoute(deps, 'Regis Shop')],
    {
      method: 'post',
      path: '/api/app/{service}/Regis/Shop',
      operationId: 'registerShop',
      summary: 'A shop registers itself (the shop app)',
      description: 'Creates a waiting registration in an open area of the app and notifies the administrators and the area staff who read the registrations.',
      request: { params: serviceParamSchema, body: jsonBody(shopRegistrationContract.schemas.register) },
      responses: { 201: jsonResponse(z.object({ status: z.literal(true), data: registrationSchema }), 'The registration'), ...errorResponses },
    },
    async (c) => {
      const item = await registerShop(deps.db, c.var.service, validOf<RegistrationInput>(c, 'json'), deps.now());
      return c.json({ status: true as const, data: item }, 201);
    },
  );

  addRoute(
    app,
    'App channel',
    [authed, appKey, requireServiceRoute(deps, 'Wallet', 'read')],
    {
      method: 'post',
      path: '/api/app/{service}/Wallet/withdraw',
      operationId: 'requestWithdrawal',
      summary: 'A member, shop or biker asks to withdraw (their app)',
      description:
        "Holds the amount as a Pending withdrawal (`withdraw:{key}`: the same key is the same request, answered 200 with the first result) and, with the first request, notifies the administrators and the area staff who read that owner type's transactions. 409 `INSUFFICIENT_BALANCE` when the balance does not cover it.",
      request: { params: serviceParamSchema, body: jsonBody(withdrawalRequestSchema) },
      responses: {
        201: jsonResponse(z.object({ status: z.literal(true), data: walletTransactionSchema.openapi('WalletTransaction') }), 'The pending withdrawal'),
        200: jsonResponse(
          z.object({ status: z.literal(true), data: walletTransactionSchema.openapi('WalletTransaction') }),
          'The same request again: the first result',
        ),
        ...errorResponses,
      },
    },
    async (c) => {
      const body = validOf<z.infer<typeof withdrawalRequestSchema>>(c, 'json');
      const { transaction, applied } = await requestOwnerWithdrawal(deps.db, c.var.service, body, deps.now());
      return c.json({ status: true as const, data: transaction }, applied ? 201 : 200);
    },
  );

  addRoute(
    app,
    'App channel',
    [authed, appKey, requireServiceRoute(deps, 'Shop', 'write')],
    {
      method: 'patch',
      path: '/api/app/{service}/Shop/{id}',
      operationId: 'editOwnShop',
      summary: 'A shop changes its own details (the shop app)',
      description:
        "Owner, e-mail, phone, opening and closing time, only while the shop's `permissionEdit` (Shop → settings) is on: otherwise 403 `SHOP_EDIT_NOT_PERMITTED` and nothing changes. The back-office's checks apply (an e-mail or phone another shop of the area has is `taken`); the shop's status and everything else stay.",
      request: { params: serviceParamSchema.merge(idParamSchema), body: jsonBody(shopSelfEditSchema) },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: shopItemSchema }), 'The shop'), ...errorResponses },
    },
    async (c) => {
      const id = parseId(c.req.param('id'));
      if (id === null) throw notFoundData();
      const shop = await editOwnShop(deps.db, c.var.service, id, validOf<ShopSelfEdit>(c, 'json'), deps.now());
      return c.json({ status: true as const, data: shop }, 200);
    },
  );
}
