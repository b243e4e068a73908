import { type OpenAPIHono } from '@hono/zod-openapi';
import { voucherUsesAnswerSchema, voucherUsesQuerySchema, voucherUseSchema, voucherUsesSummarySchema } from '@contract/resources/voucher';
import { voucherUsesOf } from '../domain/vouchers';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { notFoundData } from '../kit/errors';
import { addRoute, validOf } from '../kit/routes';
import { errorResponses, idParamSchema, jsonResponse, parseId } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';

const answerSchema = voucherUsesAnswerSchema
  .extend({ data: voucherUseSchema.openapi('VoucherUse').array(), summary: voucherUsesSummarySchema.openapi('VoucherUsesSummary') })
  .openapi('VoucherUses');

/** A voucher's uses and what it has cost (`read` on the voucher's permission; staff see their own area's vouchers). */
export function registerVoucherRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  addRoute(
    app,
    'Voucher',
    [requireAuth(deps), requireServiceRoute(deps, 'Voucher', 'read')],
    {
      method: 'get',
      path: '/api/admin/{service}/Voucher/{id}/uses',
      operationId: 'listVoucherUses',
      summary: "A voucher's uses and what it has cost",
      description:
        'A page of the orders that used the voucher (newest first: order number, member, shop, discount, date) and the summary of all its uses: how many, the discount they gave, and how much of it the app and the shops paid.',
      request: { params: serviceParamSchema.extend(idParamSchema.shape), query: voucherUsesQuerySchema },
      responses: { 200: jsonResponse(answerSchema, "The voucher's uses"), ...errorResponses },
    },
    async (c) => {
      const id = parseId(c.req.param('id'));
      if (id === null) throw notFoundData();
      const query = validOf<{ page: number; pageSize: number }>(c, 'query');
      const result = await voucherUsesOf(deps.db, c.var.service, id, query);
      return c.json(
        { status: true as const, data: result.rows, summary: result.summary, total: result.total, page: query.page, pageSize: query.pageSize },
        200,
      );
    },
  );
}
