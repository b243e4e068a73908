import { z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  purchaseRequestCloseSchema,
  purchaseRequestContract,
  purchaseRequestCreateSchema,
  purchaseRequestItemSchema,
  purchaseRequestMemberQuerySchema,
  purchaseRequestQuerySchema,
  purchaseRequestQuoteSchema,
  type PurchaseRequestClose,
  type PurchaseRequestCreate,
  type PurchaseRequestQuery,
  type PurchaseRequestQuote,
} from '@contract/resources/purchase-request';
import {
  answerPurchaseRequest,
  createPurchaseRequest,
  getPurchaseRequest,
  listPurchaseRequests,
  memberPurchaseRequests,
  type PurchaseRequestMove,
} from '../domain/purchase-requests';
import { requireAppKey } from '../kit/app-channel';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { notFoundData } from '../kit/errors';
import { mountResource } from '../kit/resource';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, idParamSchema, jsonBody, jsonResponse, parseId } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';

const itemSchema = purchaseRequestItemSchema.openapi('PurchaseRequest');
const params = serviceParamSchema.extend(idParamSchema.shape);
const idOf = (value: string | undefined) => {
  const id = parseId(value);
  if (id === null) throw notFoundData();
  return id;
};
const one = (description: string) => jsonResponse(z.object({ status: z.literal(true), data: itemSchema }), description);

/**
 * Marketplace → Request/Buy: members' purchase requests, a read-only list and view for staff of the path's permission
 * (`read`), quoted or closed by them (`write`); and the member app's calls (app channel: `x-app-key` besides the bearer
 * token; the portal never forwards them).
 */
export function registerPurchaseRequestRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);
  const permission = purchaseRequestContract.path.split('/').join(' ');
  const base = `/api/admin/{service}/${purchaseRequestContract.path}`;
  const tag = purchaseRequestContract.name;
  const read = [authed, requireServiceRoute(deps, permission, 'read')];
  const write = [authed, requireServiceRoute(deps, permission, 'write')];

  const answer = (move: PurchaseRequestMove, body: z.ZodObject, summary: string, description: string) =>
    addRoute(
      app,
      tag,
      write,
      {
        method: 'patch',
        path: `${base}/{id}/${move}`,
        operationId: `${move}PurchaseRequest`,
        summary,
        description,
        request: { params, body: jsonBody(body.openapi(`PurchaseRequest${move === 'quote' ? 'Quote' : 'Close'}`)) },
        responses: { 200: one('The request after the answer'), ...errorResponses, ...conflictResponse },
      },
      async (c) => {
        const input = validOf<PurchaseRequestQuote | PurchaseRequestClose>(c, 'json');
        const item = await answerPurchaseRequest(deps.db, c.var.service, idOf(c.req.param('id')), move, input, deps.now());
        return c.json({ status: true as const, data: item }, 200);
      },
    );
  answer(
    'quote',
    purchaseRequestQuoteSchema,
    'Quote a price for a purchase request (`version` required)',
    'An `open` request becomes `quoted` with the price (satang) and the answer; who and when are recorded and the version goes up. Any other state is 400 `state: invalidTransition`; a stale version is 409 with the request as it is now.',
  );
  answer(
    'close',
    purchaseRequestCloseSchema,
    'Close a purchase request with the reason (`version` required)',
    'An `open` or `quoted` request becomes `closed`, the answer saying why; who and when are recorded and the version goes up. A closed request is final (400 `state: invalidTransition`); a stale version is 409 with the request as it is now.',
  );
  mountResource(app, {
    path: base,
    tag,
    noun: 'purchase request',
    operationIds: 'PurchaseRequest',
    pathParams: serviceParamSchema,
    itemSchema,
    querySchema: purchaseRequestQuerySchema as never,
    guard: () => read,
    list: (c, query: PurchaseRequestQuery) => listPurchaseRequests(deps.db, c.var.service, query),
    get: (c, id) => getPurchaseRequest(deps.db, c.var.service, id),
  });

  // The member app.
  const appGuard = [authed, requireAppKey(deps), requireServiceRoute(deps, permission, 'read')];
  addRoute(
    app,
    'App channel',
    appGuard,
    {
      method: 'post',
      path: '/api/app/{service}/RequestBuy',
      operationId: 'createPurchaseRequest',
      summary: 'A member asks to buy a product nobody lists (the member app)',
      description:
        'The request starts `open` in the member’s area: `title`, `detail`, `quantity`, `images` (uploaded image keys). 400 `memberId: unknownReference` for a member not of the app (or, for staff, of their area).',
      request: { params: serviceParamSchema, body: jsonBody(purchaseRequestCreateSchema.openapi('PurchaseRequestCreate')) },
      responses: { 201: one('The request'), ...errorResponses },
    },
    async (c) => {
      const item = await createPurchaseRequest(deps.db, c.var.service, validOf<PurchaseRequestCreate>(c, 'json'), deps.now());
      return c.json({ status: true as const, data: item }, 201);
    },
  );
  addRoute(
    app,
    'App channel',
    appGuard,
    {
      method: 'get',
      path: '/api/app/{service}/RequestBuy',
      operationId: 'listMemberPurchaseRequests',
      summary: 'A member’s purchase requests with their answers (the member app)',
      description: 'Newest first, at most 100: the state, the quoted price (satang) and the answer of each.',
      request: { params: serviceParamSchema, query: purchaseRequestMemberQuerySchema },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: z.array(itemSchema) }), 'The requests'), ...errorResponses },
    },
    async (c) => {
      const { memberId } = validOf<{ memberId: string }>(c, 'query');
      return c.json({ status: true as const, data: await memberPurchaseRequests(deps.db, c.var.service, memberId) }, 200);
    },
  );
}
