import { assignBikerPackage } from '../domain/biker-package-assign';
import { z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  accountStatusBodySchema,
  bikerAccountContract,
  bikerAccountSchema,
  bikerDetailSchema,
  bikerPackageAssignSchema,
  memberContract,
  memberDetailSchema,
  memberItemSchema,
  type AccountStatusBody,
} from '@contract/resources/accounts';
import {
  bikerDetail,
  exportMembers,
  listBikerAccounts,
  listMembers,
  memberDetail,
  MEMBER_CSV_HEADER,
  setAccountStatus,
  type BikerAccountQuery,
  type MemberQuery,
} from '../domain/accounts';
import type { AccountParty } from '../db/schema';
import { assertApproval } from '../kit/approval';
import { requireAdmin, requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { notFoundData } from '../kit/errors';
import { csvResponse } from '../kit/export';
import { listResponseSchema } from '../kit/list';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, idParamSchema, jsonBody, jsonResponse, parseId } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';

const ok = <T extends z.ZodType>(data: T, description: string) => ({
  200: jsonResponse(z.object({ status: z.literal(true), data }), description),
  ...errorResponses,
});
const idOf = (c: { req: { param: (name: string) => string | undefined } }) => {
  const id = parseId(c.req.param('id'));
  if (id === null) throw notFoundData();
  return id;
};
const params = serviceParamSchema.extend(idParamSchema.shape);

/**
 * `/api/admin/{service}/Members` (admins only, as the spec's Members pages) and `/api/admin/{service}/Member/Biker`:
 * the lists, each person's detail for the view page, a status change with a reason, and a biker's package.
 */
export function registerAccountRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const parties = [
    {
      party: 'member' as AccountParty,
      base: '/api/admin/{service}/Members',
      tag: 'Members',
      guard: [requireAuth(deps), requireServiceRoute(deps, 'Members'), requireAdmin],
      item: memberItemSchema.openapi('Member'),
      query: memberContract.schemas.query,
      detail: memberDetailSchema.openapi('MemberDetail'),
      list: (scope: Parameters<typeof listMembers>[1], q: unknown) => listMembers(deps.db, scope, q as MemberQuery),
      read: (scope: Parameters<typeof memberDetail>[1], id: number) => memberDetail(deps.db, scope, id),
      noun: 'member',
    },
    {
      party: 'biker' as AccountParty,
      base: '/api/admin/{service}/Member/Biker',
      tag: 'Bikers',
      guard: [requireAuth(deps), requireServiceRoute(deps, 'Member Biker')],
      item: bikerAccountSchema.openapi('BikerAccount'),
      query: bikerAccountContract.schemas.query,
      detail: bikerDetailSchema.openapi('BikerDetail'),
      list: (scope: Parameters<typeof listBikerAccounts>[1], q: unknown) => listBikerAccounts(deps.db, scope, q as BikerAccountQuery),
      read: (scope: Parameters<typeof bikerDetail>[1], id: number) => bikerDetail(deps.db, scope, id),
      noun: 'biker',
    },
  ];

  for (const p of parties) {
    addRoute(
      app,
      p.tag,
      p.guard,
      {
        method: 'get',
        path: p.base,
        summary: `List ${p.noun}s in scope (staff: their area), searched, filtered, sorted and paged`,
        request: { params: serviceParamSchema, query: p.query },
        responses: { 200: jsonResponse(listResponseSchema(p.item), `A page of ${p.noun}s`), ...errorResponses },
      },
      async (c) => {
        const query = validOf<MemberQuery>(c, 'query');
        const { rows, total } = await p.list(c.var.service, query);
        return c.json({ status: true, data: rows, total, page: query.page, pageSize: query.pageSize }, 200);
      },
    );

    if (p.party === 'member') {
      addRoute(
        app,
        p.tag,
        p.guard,
        {
          method: 'get',
          path: `${p.base}/export`,
          summary: 'Export every matching member as CSV (streamed)',
          request: { params: serviceParamSchema, query: p.query },
          responses: { 200: { description: 'CSV with a header row', content: { 'text/csv': { schema: z.string() } } }, ...errorResponses },
        },
        async (c) => csvResponse(c, 'members.csv', MEMBER_CSV_HEADER, exportMembers(deps.db, c.var.service, validOf<MemberQuery>(c, 'query'))),
      );
    } else {
      // Before `{id}`-only paths are matched as ids.
      addRoute(
        app,
        p.tag,
        p.guard,
        {
          method: 'put',
          path: `${p.base}/{id}/package`,
          summary: 'Put a biker on a package of their area',
          description: "'Please Select Package and Select Biker': the package must be an open one of the biker's area.",
          request: { params, body: jsonBody(bikerPackageAssignSchema) },
          responses: { ...ok(p.item, 'The biker after the change'), ...conflictResponse },
        },
        async (c) => {
          const body = validOf<{ packageId: string; version: number }>(c, 'json');
          return c.json({ status: true, data: await assignBikerPackage(deps.db, c.var.service, idOf(c), body, deps.now()) }, 200);
        },
      );
    }

    addRoute(
      app,
      p.tag,
      p.guard,
      {
        method: 'get',
        path: `${p.base}/{id}`,
        summary: `One ${p.noun} with their orders, wallet, ratings and status history`,
        request: { params },
        responses: ok(p.detail, `The ${p.noun}`),
      },
      async (c) => {
        const detail = await p.read(c.var.service, idOf(c));
        if (!detail) throw notFoundData();
        return c.json({ status: true, data: detail }, 200);
      },
    );

    addRoute(
      app,
      p.tag,
      p.guard,
      {
        method: 'patch',
        path: `${p.base}/{id}/status`,
        summary: `Suspend or reactivate a ${p.noun}, with a reason`,
        description:
          'The reason, who and when are kept in the status history; a stale `version` is 409, a move the rules do not allow is 400. A biker made `active` needs the approval right (`Service {service} Regis Biker`, create); 403 otherwise.',
        request: { params, body: jsonBody(accountStatusBodySchema) },
        responses: { ...ok(p.item, `The ${p.noun} after the change`), ...conflictResponse },
      },
      async (c) => {
        const body = validOf<AccountStatusBody>(c, 'json');
        // A biker made active (reactivated, or a pending one let in) needs the approval right.
        if (p.party === 'biker' && body.status === 'active') await assertApproval(deps, c, 'biker');
        return c.json({ status: true, data: await setAccountStatus(deps.db, c.var.service, p.party, idOf(c), body, deps.now()) }, 200);
      },
    );
  }
}
