import { z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  SUPPORT_ASSIGNEES_FLAG,
  SUPPORT_ASSIGNEES_SEGMENT,
  supportAssigneeQuerySchema,
  supportAssigneesAnswerSchema,
  supportCreateSchema,
  supportFromPortalContract,
  supportFromShopContract,
  supportQuerySchema,
  supportReplySchema,
  supportShopCreateSchema,
  supportShopQuerySchema,
  supportShopReplySchema,
  supportTicketSchema,
  supportUpdateSchema,
  type SupportAssigneeQuery,
  type SupportCreate,
  type SupportQuery,
  type SupportReply,
  type SupportShopCreate,
  type SupportShopReply,
  type SupportSource,
  type SupportUpdate,
} from '@contract/resources/support';
import {
  createPortalTicket,
  createShopTicket,
  getSupportTicket,
  listSupportAssignees,
  listSupportTickets,
  replySupportTicket,
  shopReply,
  shopTicket,
  shopTickets,
  updateSupportTicket,
  type Published,
} from '../domain/support';
import { requireAppKey } from '../kit/app-channel';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { notFoundData } from '../kit/errors';
import { mountResource } from '../kit/resource';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, idParamSchema, jsonBody, jsonResponse, parseId } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';

const itemSchema = supportTicketSchema.openapi('SupportTicket');
const assigneesAnswer = supportAssigneesAnswerSchema.openapi('SupportAssignees');
const params = serviceParamSchema.extend(idParamSchema.shape);
const one = (description: string) => jsonResponse(z.object({ status: z.literal(true), data: itemSchema }), description);
const idOf = (value: string | undefined) => {
  const id = parseId(value);
  if (id === null) throw notFoundData();
  return id;
};

/**
 * Support → SupportFromPortal and SupportFromShop (contract/resources/support.ts): staff list, read, change (status,
 * assignee, priority; versioned) and answer the tickets of their scope, each call checked against the screen's
 * permission (GET read, POST create, PUT write); staff open portal tickets. The shop app (app channel: `x-app-key`
 * besides the bearer token; the portal never forwards it) opens its shop's tickets, reads them and answers. Every new
 * ticket and message is published on the bus (`support.ticket`, `support.message`) after the commit.
 */
export function registerSupportRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);
  const publish = (p: Published | null) => {
    if (p) deps.bus.publish(p.scope, p.event);
  };

  for (const [source, contract] of [
    ['portal', supportFromPortalContract],
    ['shop', supportFromShopContract],
  ] as const satisfies readonly (readonly [SupportSource, { name: string; path: string }])[]) {
    const base = `/api/admin/{service}/${contract.path}`;
    const tag = contract.name;
    const guard = (flag: 'read' | 'create' | 'write') => [authed, requireServiceRoute(deps, contract.path, flag)];
    const word = source === 'portal' ? 'staff-opened' : 'shop';

    mountResource(app, {
      path: base,
      tag,
      noun: `${word} support ticket`,
      operationIds: contract.name,
      pathParams: serviceParamSchema,
      itemSchema,
      querySchema: supportQuerySchema as never,
      guard: () => guard('read'),
      list: (c, query: SupportQuery) => listSupportTickets(deps.db, c.var.service, source, query),
      get: (c, id) => getSupportTicket(deps.db, c.var.service, source, id),
    });

    addRoute(
      app,
      tag,
      guard('write'),
      {
        method: 'put',
        path: `${base}/{id}`,
        operationId: `update${contract.name}`,
        summary: `Change a ${word} ticket's status, assignee or priority (\`version\` required)`,
        description:
          'Any of `status`, `assigneeId` (null: nobody; an active administrator, or active staff of the ticket’s area, else 400 `assigneeId: unknownReference`) and `priority`. Closing sets `closedAt`, another status clears it. A stale version is 409 with the ticket as it is now.',
        request: { params, body: jsonBody(supportUpdateSchema.openapi(`${contract.name}Update`)) },
        responses: { 200: one('The ticket after the change, with its thread'), ...errorResponses, ...conflictResponse },
      },
      async (c) => {
        const item = await updateSupportTicket(deps.db, c.var.service, source, idOf(c.req.param('id')), validOf<SupportUpdate>(c, 'json'), deps.now());
        return c.json({ status: true as const, data: item }, 200);
      },
    );

    addRoute(
      app,
      tag,
      guard(SUPPORT_ASSIGNEES_FLAG),
      {
        method: 'get',
        path: `${base}/{id}/${SUPPORT_ASSIGNEES_SEGMENT}`,
        operationId: `assignees${contract.name}`,
        summary: `Who a ${word} ticket can be assigned to`,
        description:
          'The active administrators of the company and the active staff of the ticket’s app and area (the people `PUT {path}/{id}` accepts as `assigneeId`), the caller first when among them, then by name. `q`: a part of the name; `limit` (1–100, default 50) bounds the answer and `more` says others match too. Needs the screen’s `write` flag, as a change of the assignee does; a ticket out of scope is 404.',
        request: { params, query: supportAssigneeQuerySchema },
        responses: { 200: jsonResponse(assigneesAnswer, 'The people, id and display name'), ...errorResponses },
      },
      async (c) => {
        const { rows, more } = await listSupportAssignees(deps.db, c.var.service, source, idOf(c.req.param('id')), validOf<SupportAssigneeQuery>(c, 'query'));
        return c.json({ status: true as const, data: rows, more }, 200);
      },
    );

    addRoute(
      app,
      tag,
      guard('create'),
      {
        method: 'post',
        path: `${base}/{id}/reply`,
        operationId: `reply${contract.name}`,
        summary: `Answer a ${word} ticket`,
        description:
          'Adds staff’s message (`body`, up to 4 `attachments`: uploaded image keys from `POST {path}/Images` or web addresses) to the thread and publishes `support.message`. The same `clientId` again adds nothing and answers the ticket as it is.',
        request: { params, body: jsonBody(supportReplySchema.openapi(`${contract.name}Reply`)) },
        responses: { 201: one('The ticket with its thread'), ...errorResponses },
      },
      async (c) => {
        const { ticket, publish: p } = await replySupportTicket(
          deps.db,
          c.var.service,
          source,
          idOf(c.req.param('id')),
          validOf<SupportReply>(c, 'json'),
          deps.now(),
        );
        publish(p);
        return c.json({ status: true as const, data: ticket }, 201);
      },
    );
  }

  addRoute(
    app,
    supportFromPortalContract.name,
    [authed, requireServiceRoute(deps, supportFromPortalContract.path, 'create')],
    {
      method: 'post',
      path: `/api/admin/{service}/${supportFromPortalContract.path}`,
      operationId: 'createSupportFromPortal',
      summary: 'Open a ticket about a shop or an order',
      description:
        'Staff open a ticket about a shop (`shopId`) or an order (`orderNo`) of their scope; it is in that shop’s or order’s area, `open`, with `body` as its first message. 400 `shopId`/`orderNo: unknownReference` when not in scope. Publishes `support.ticket`.',
      request: { params: serviceParamSchema, body: jsonBody(supportCreateSchema) },
      responses: { 201: one('The new ticket with its thread'), ...errorResponses },
    },
    async (c) => {
      const { ticket, publish: p } = await createPortalTicket(deps.db, c.var.service, validOf<SupportCreate>(c, 'json'), deps.now());
      publish(p);
      return c.json({ status: true as const, data: ticket }, 201);
    },
  );

  // The shop app.
  const appGuard = [authed, requireAppKey(deps), requireServiceRoute(deps, supportFromShopContract.path, 'read')];
  const appBase = `/api/app/{service}/${supportFromShopContract.path}`;
  addRoute(
    app,
    'App channel',
    appGuard,
    {
      method: 'post',
      path: appBase,
      operationId: 'createShopSupportTicket',
      summary: 'A shop opens a support ticket (the shop app)',
      description:
        'In the shop’s area, `open`, with `body` as the first message; notifies the administrators and the area staff who read the shop tickets, and publishes `support.ticket`. The same `clientId` again answers the first ticket (200). 400 `shopId: unknownReference` for a shop not of the app.',
      request: { params: serviceParamSchema, body: jsonBody(supportShopCreateSchema.openapi('SupportShopCreate')) },
      responses: { 201: one('The new ticket'), 200: one('The same open again: the first ticket'), ...errorResponses },
    },
    async (c) => {
      const { ticket, publish: p } = await createShopTicket(deps.db, c.var.service, validOf<SupportShopCreate>(c, 'json'), deps.now());
      publish(p);
      return c.json({ status: true as const, data: ticket }, p ? 201 : 200);
    },
  );
  addRoute(
    app,
    'App channel',
    appGuard,
    {
      method: 'get',
      path: appBase,
      operationId: 'listShopSupportTickets',
      summary: 'A shop’s support tickets (the shop app)',
      description: 'The shop’s tickets, the latest message first, at most 100.',
      request: { params: serviceParamSchema, query: supportShopQuerySchema },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: z.array(itemSchema) }), 'The tickets'), ...errorResponses },
    },
    async (c) => {
      const { shopId } = validOf<{ shopId: string }>(c, 'query');
      return c.json({ status: true as const, data: await shopTickets(deps.db, c.var.service, shopId) }, 200);
    },
  );
  addRoute(
    app,
    'App channel',
    appGuard,
    {
      method: 'get',
      path: `${appBase}/{id}`,
      operationId: 'getShopSupportTicket',
      summary: 'One of a shop’s tickets with its thread (the shop app)',
      description: 'Another shop’s ticket is 404.',
      request: { params, query: supportShopQuerySchema },
      responses: { 200: one('The ticket with its thread'), ...errorResponses },
    },
    async (c) => {
      const { shopId } = validOf<{ shopId: string }>(c, 'query');
      return c.json({ status: true as const, data: await shopTicket(deps.db, c.var.service, shopId, idOf(c.req.param('id'))) }, 200);
    },
  );
  addRoute(
    app,
    'App channel',
    appGuard,
    {
      method: 'post',
      path: `${appBase}/{id}/reply`,
      operationId: 'replyShopSupportTicket',
      summary: 'A shop answers its ticket (the shop app)',
      description:
        'Adds the shop’s message to its own ticket (a waiting or closed one opens again) and publishes `support.message`; the same `clientId` again adds nothing. Another shop’s ticket is 404.',
      request: { params, body: jsonBody(supportShopReplySchema.openapi('SupportShopReply')) },
      responses: { 201: one('The ticket with its thread'), ...errorResponses },
    },
    async (c) => {
      const body = validOf<SupportShopReply>(c, 'json');
      const { ticket, publish: p } = await shopReply(deps.db, c.var.service, body.shopId, idOf(c.req.param('id')), body, deps.now());
      publish(p);
      return c.json({ status: true as const, data: ticket }, 201);
    },
  );
}
