import { PassThrough, Readable } from 'node:stream';
import { z, type OpenAPIHono } from '@hono/zod-openapi';
import ExcelJS from 'exceljs';
import {
  REPORT_EXPORT_FORMATS,
  REPORT_PATHS,
  REPORT_VIEWS,
  reconciliationSchema,
  reportAnswerSchema,
  majorUnits,
  REPORT_EXPORT_MONEY_FROM,
  reportExportHeader,
  reportExportLine,
  reportFileName,
  reportQuerySchema,
  reportRange,
  localToday,
  type ReportExportFormat,
  type ReportQuery,
  type ReportView,
} from '@contract/resources/reports';
import { companyTimeZone } from '../domain/company-time';
import { buildReport, reconcile, reportRows, type ReportRequest } from '../domain/reports';
import type { ServiceScope } from '../domain/scope';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { ApiError, MESSAGES } from '../kit/errors';
import { csvLine } from '../kit/export';
import { addRoute, validOf } from '../kit/routes';
import { errorResponses, jsonResponse } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';
import type { Context, MiddlewareHandler } from 'hono';

const tag = 'Reports';
const exportQuerySchema = z.object({ format: z.enum(REPORT_EXPORT_FORMATS).default('csv') });

/** `Report/All` is the Marketplace's alone (the spec's menu); elsewhere it does not exist. */
const onlyWhereListed =
  (view: ReportView): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (view === 'all' && c.req.param('service') !== 'Marketplace') throw new ApiError(404, MESSAGES.notFound);
    await next();
  };

/** The query without `format` (the export's own), checked by the report's schema. */
function reportQueryOf(c: Context<AppEnv>): ReportQuery {
  const raw = Object.fromEntries(new URL(c.req.url).searchParams);
  delete raw.format;
  const parsed = reportQuerySchema.safeParse(raw);
  if (!parsed.success) throw parsed.error;
  return parsed.data;
}

/** The rows as CSV lines or an XLSX sheet, streamed: the header, every row, the totals. */
function exportBody(rows: AsyncGenerator<(string | number)[]>, format: ReportExportFormat, header: string[]): ReadableStream<Uint8Array> {
  if (format === 'csv') {
    const encoder = new TextEncoder();
    return new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`)),
      async pull(controller) {
        const next = await rows.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(csvLine(next.value.map((v, i) => (i >= REPORT_EXPORT_MONEY_FROM ? majorUnits(Number(v)) : v)))));
      },
      cancel: async () => void (await rows.return(undefined)),
    });
  }
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Report', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = header.map((h, i) => ({
    header: h,
    key: String(i),
    width: i < 2 ? 24 : 16,
    style: i < 2 ? {} : { numFmt: i < REPORT_EXPORT_MONEY_FROM ? '#,##0' : '#,##0.00' },
  }));
  void (async () => {
    try {
      // Money as numbers in the major unit (the cell's format shows two decimals), so the sheet can sum them.
      for await (const line of rows) sheet.addRow(line.map((v, i) => (i >= REPORT_EXPORT_MONEY_FROM ? Number(v) / 100 : v))).commit();
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  out.on('close', () => void rows.return(undefined));
  return Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>;
}

/**
 * `GET /api/admin/{service}/Report[/Admin|/Shop|/Biker|/TopShop|/All]` (docs/orders.md section 6), their `/export`
 * (CSV or XLSX, streamed, named by the period and filters) and `Report/reconcile` (the totals against the ledger).
 * Each path needs the permission the route registry gives it; staff see their own area only.
 */
export function registerReportRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);
  const ask = (c: Context<AppEnv>, view: ReportView): [ServiceScope, ReportRequest] => [c.var.service, { ...validOf<ReportQuery>(c, 'query'), view }];

  for (const view of REPORT_VIEWS) {
    const path = `/api/admin/{service}/${REPORT_PATHS[view]}`;
    const guard = [authed, onlyWhereListed(view), requireServiceRoute(deps, REPORT_PATHS[view].replace('/', ' '))];
    addRoute(
      app,
      tag,
      guard,
      {
        method: 'get',
        path,
        summary: `The ${view} report of a period`,
        request: { params: serviceParamSchema, query: reportQuerySchema as never },
        responses: { 200: jsonResponse(reportAnswerSchema, 'Rows, totals and the trend; money in satang'), ...errorResponses },
      },
      async (c) => {
        const [scope, q] = ask(c, view);
        return c.json({ status: true, data: await buildReport(deps.db, scope, q, deps.now()) }, 200);
      },
    );
    addRoute(
      app,
      tag,
      guard,
      {
        method: 'get',
        path: `${path}/export`,
        summary: `Export the ${view} report as CSV or XLSX (streamed)`,
        description:
          'The same query as the report, plus `format`. Every row of the period and filters, then a `Total` row; money in the major unit (2 decimals).',
        request: { params: serviceParamSchema, query: exportQuerySchema },
        responses: {
          200: {
            description: 'The file, named `report-{view}_{from}_{to}[_area-…][_shop-…][_biker-…].{format}`',
            content: { 'text/csv': { schema: z.string() }, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: z.string() } },
          },
          ...errorResponses,
        },
      },
      async (c) => {
        const format = validOf<{ format: ReportExportFormat }>(c, 'query').format;
        const q: ReportRequest = { ...reportQueryOf(c), view };
        const now = deps.now();
        const name = reportFileName(view, reportRange(q, localToday(now, await companyTimeZone(deps.db, c.var.service.companyId))), q, format);
        async function* lines(): AsyncGenerator<(string | number)[]> {
          for await (const row of reportRows(deps.db, c.var.service, q, now)) yield reportExportLine(view, row);
        }
        return c.body(exportBody(lines(), format, reportExportHeader(view)), 200, {
          'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename="${name}"`,
          'cache-control': 'no-store',
        });
      },
    );
  }

  addRoute(
    app,
    tag,
    [authed, requireServiceRoute(deps, 'Report')],
    {
      method: 'get',
      path: '/api/admin/{service}/Report/reconcile',
      summary: "The report's totals of a period against the ledger's",
      description:
        "The money the ledger moved for the closed orders created in the period (and area): the platform's wallet (AppTotal), the shops' (ShopTotal), the bikers' plus the cash they collected (BikerTotal). `agrees` is true when the report says the same to the satang.",
      request: { params: serviceParamSchema, query: reportQuerySchema as never },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: reconciliationSchema }), 'Both sides'), ...errorResponses },
    },
    async (c) => {
      const [scope, q] = ask(c, 'overview');
      return c.json({ status: true, data: await reconcile(deps.db, scope, q, deps.now()) }, 200);
    },
  );
}
