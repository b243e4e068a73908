import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { GiftKind } from '@contract/lifecycle';
import {
  appGiftQuerySchema,
  appGiftSchema,
  appRedemptionSchema,
  giftRewardRedemptionContract,
  giftVoucherRedemptionContract,
  redeemSchema,
  redemptionChangeSchema,
  redemptionQuerySchema,
  redemptionSchema,
  type RedeemBody,
  type RedemptionChange,
  type RedemptionQuery,
} from '@contract/resources/gift-common';
import { giftRewardContract } from '@contract/resources/gift-reward';
import { giftVoucherContract } from '@contract/resources/gift-voucher';
import { giftRedemptions, gifts } from '../db/schema';
import { changeRedemption, listRedemptions, redeemableGifts, redeemGift } from '../domain/gifts';
import { requireAppKey } from '../kit/app-channel';
import { requireAuth } from '../kit/auth';
import { mountCrud } from '../kit/crud';
import type { AppDeps, AppEnv } from '../kit/env';
import { notFoundData } from '../kit/errors';
import { listResponseSchema } from '../kit/list';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, idParamSchema, jsonBody, jsonResponse, parseId } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';

const itemSchema = redemptionSchema.openapi('GiftRedemption');
const appRedemption = appRedemptionSchema.openapi('AppGiftRedemption');
const params = serviceParamSchema.extend(idParamSchema.shape);
const idOf = (value: string | undefined) => {
  const id = parseId(value);
  if (id === null) throw notFoundData();
  return id;
};

/**
 * Point Systems → Gift Voucher and Gift Reward: two flat resources over the one `gifts` table, each fixed to its kind
 * (a gift with redemptions is not deleted); their redemptions, listed and settled by staff of the screen (`read` to
 * list, `write` to deliver or cancel); and the member app's calls: the gifts it may redeem and a redemption.
 */
export function registerGiftRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);
  const screens = [
    { kind: 'voucher', contract: giftVoucherContract, redemptions: giftVoucherRedemptionContract },
    { kind: 'reward', contract: giftRewardContract, redemptions: giftRewardRedemptionContract },
  ] as const;
  for (const { kind, contract, redemptions } of screens) {
    const base = `/api/admin/{service}/${redemptions.path}`;
    const tag = contract.name;
    const noun = `${contract.noun} redemption`;
    // Before the gifts' `{id}` routes: `Redemptions` is not a gift's id.
    addRoute(
      app,
      tag,
      [authed, requireServiceRoute(deps, contract.path, 'read')],
      {
        method: 'get',
        path: base,
        operationId: `list${redemptions.name}s`,
        summary: `List the ${noun}s`,
        description:
          'A page of the redemptions, newest first by default: `state`, `areaId`, `giftId`, `from`/`to` (the company’s days, both included) and `q` (the member’s name or phone, the gift’s title). Staff see their own area.',
        request: { params: serviceParamSchema, query: redemptionQuerySchema },
        responses: { 200: jsonResponse(listResponseSchema(itemSchema), 'A page of redemptions'), ...errorResponses },
      },
      async (c) => {
        const query = validOf<RedemptionQuery>(c, 'query');
        const { rows, total } = await listRedemptions(deps.db, c.var.service, kind, query);
        return c.json({ status: true as const, data: rows, total, page: query.page, pageSize: query.pageSize }, 200);
      },
    );
    addRoute(
      app,
      tag,
      [authed, requireServiceRoute(deps, contract.path, 'write')],
      {
        method: 'patch',
        path: `${base}/{id}`,
        operationId: `change${redemptions.name}`,
        summary: `Deliver or cancel a ${noun} (\`version\` required)`,
        description:
          'A `redeemed` redemption becomes `delivered`, or `cancelled`: the member’s points come back (`FROM_APP`, once) and the gift goes back in stock, in one transaction. Any other state is 400 `invalidTransition`; a stale version is 409 with the redemption as it is now.',
        request: { params, body: jsonBody(redemptionChangeSchema.openapi(`${redemptions.name}Change`)) },
        responses: {
          200: jsonResponse(z.object({ status: z.literal(true), data: itemSchema }), 'The redemption after the change'),
          ...errorResponses,
          ...conflictResponse,
        },
      },
      async (c) => {
        const change = validOf<RedemptionChange>(c, 'json');
        const item = await changeRedemption(deps.db, c.var.service, kind, idOf(c.req.param('id')), change, deps.now());
        return c.json({ status: true as const, data: item }, 200);
      },
    );
    mountCrud(app, deps, contract, { table: gifts, fixed: { kind }, inUseBy: [{ column: giftRedemptions.giftId }] });
  }

  // The member app (app channel: `x-app-key` besides the bearer token; the portal never forwards these).
  const appGuard = [authed, requireAppKey(deps), requireServiceRoute(deps, 'GiftReward', 'read')];
  addRoute(
    app,
    'App channel',
    appGuard,
    {
      method: 'get',
      path: '/api/app/{service}/Gift',
      operationId: 'listRedeemableGifts',
      summary: 'The gifts members of an area may redeem (the member app)',
      description: "Switched on, today (the company's day) within their period and with some left; `kind` picks vouchers or rewards. Cheapest first.",
      request: { params: serviceParamSchema, query: appGiftQuerySchema },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: z.array(appGiftSchema.openapi('AppGift')) }), 'The gifts'), ...errorResponses },
    },
    async (c) => {
      const query = validOf<{ areaId: string; kind?: GiftKind }>(c, 'query');
      const rows = await redeemableGifts(deps.db, c.var.service, query, deps.now());
      return c.json({ status: true as const, data: rows.map((r) => ({ ...r, id: String(r.id) })) }, 200);
    },
  );
  addRoute(
    app,
    'App channel',
    appGuard,
    {
      method: 'post',
      path: '/api/app/{service}/Gift/{id}/redeem',
      operationId: 'redeemGift',
      summary: 'A member redeems a gift for points (the member app)',
      description:
        'One transaction: the gift’s stock goes down by one, the redemption is recorded and the points are spent (`USED`, key `redeem:{idempotencyKey}`). 400 `giftId: outOfStock` when none is left, `giftId: giftUnavailable` when switched off or outside its period, `points: insufficientPoints` when the member has too few (nothing changes), `memberId: unknownReference` for a member not of the gift’s area. The same key again answers 200 with the first redemption and changes nothing.',
      request: { params, body: jsonBody(redeemSchema.openapi('GiftRedeem')) },
      responses: {
        201: jsonResponse(z.object({ status: z.literal(true), data: appRedemption }), 'The redemption'),
        200: jsonResponse(z.object({ status: z.literal(true), data: appRedemption }), 'The same key again: the first redemption'),
        ...errorResponses,
        ...conflictResponse,
      },
    },
    async (c) => {
      const body = validOf<RedeemBody>(c, 'json');
      const { redemption: r, balance, applied } = await redeemGift(deps.db, c.var.service, idOf(c.req.param('id')), body, deps.now());
      const data = {
        id: String(r.id),
        giftId: String(r.giftId),
        kind: r.kind,
        memberId: String(r.memberId),
        points: r.points,
        state: r.state,
        balance,
        createdAt: r.createdAt.toISOString(),
      };
      return c.json({ status: true as const, data }, applied ? 201 : 200);
    },
  );
}
