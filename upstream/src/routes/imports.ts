import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  IMPORT_SEGMENT,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  importJobSchema,
  importJobsQuerySchema,
  importRowSchema,
  importRowsQuerySchema,
  importRunSchema,
  importUploadQuerySchema,
  type ImportKind,
  type ImportMode,
} from '@contract/imports';
import { createImport, getImport, listImportRows, listImports, refusedBatches, refusedHeader, resumeImports, runImport } from '../domain/imports';
import { assertApproval } from '../kit/approval';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { errorBody, MESSAGES, notFoundData } from '../kit/errors';
import { csvResponse } from '../kit/export';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, idParamSchema, jsonBody, jsonResponse, parseId } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';
import { readUpTo } from '../kit/body';

const jobSchema = z.object(importJobSchema.shape).openapi('ImportJob');
const rowSchema = z.object(importRowSchema.shape).openapi('ImportRow');
const params = serviceParamSchema.extend(idParamSchema.shape);
const ok = <T extends z.ZodType>(data: T, description: string) => ({
  200: jsonResponse(z.object({ status: z.literal(true), data }), description),
  ...errorResponses,
});
const page = <T extends z.ZodType>(data: T, description: string) => ({
  200: jsonResponse(
    z.object({ status: z.literal(true), data: z.array(data), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
    description,
  ),
  ...errorResponses,
});
const idOf = (c: Context<AppEnv>) => {
  const id = parseId(c.req.param('id'));
  if (id === null) throw notFoundData();
  return id;
};

/**
 * `/api/admin/{service}/Import/Shop` and `/Import/Biker` (contract/imports.ts): upload a file for its preview, read the
 * past imports, a job's progress and rows, run it, and download its refused rows. On start, the jobs a stopped process
 * left running are resumed.
 */
export function registerImportRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  for (const kind of ['shop', 'biker'] as const satisfies ImportKind[]) mountKind(app, deps, kind);
  void resumeImports(deps).catch((error: unknown) => deps.log(`[imports] resume failed: ${error instanceof Error ? error.message : String(error)}`));
}

function mountKind(app: OpenAPIHono<AppEnv>, deps: AppDeps, kind: ImportKind): void {
  const segment = IMPORT_SEGMENT[kind];
  const noun = kind === 'shop' ? 'shops' : 'bikers';
  const base = `/api/admin/{service}/Import/${segment}`;
  const guard = [requireAuth(deps), requireServiceRoute(deps, `Import ${segment}`)];
  const tag = 'Imports';

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'post',
      path: base,
      operationId: `upload${segment}Import`,
      summary: `Upload a CSV or XLSX file of ${noun} for its preview`,
      description: `The body is the file's bytes (CSV, comma or semicolon separated, UTF-8, or XLSX: its first sheet; at most ${MAX_IMPORT_BYTES} bytes and ${MAX_IMPORT_ROWS} rows); the header names the columns. Every row is checked as the create form checks it, its names (area, type, package) looked up in the app, and its phone in the file (\`duplicateInFile\`) and among the live ${noun} (outcome \`exists\`, nothing to import). Answers the job in \`previewed\`; nothing is imported yet. An XLSX is checked against hard limits before it is unpacked (contract/imports.ts \`XLSX_LIMITS\`: entries, unpacked sizes, packing ratio, cell and shared-string size, shared strings, rows); a CSV may hold no NUL. 400 \`file: importUnreadable | importNoColumns | importTooManyRows | importZipTooLarge | importZipRatio | importZipEntries | importCellTooLarge | importTooManyStrings | importNulByte\` (with \`data.params.file.limit\` where the message names one), 413 \`file: importTooLarge\`. Needs \`create\`.`,
      request: {
        params: serviceParamSchema,
        query: importUploadQuerySchema,
        body: { required: true, description: 'The file bytes', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
      },
      responses: {
        201: jsonResponse(z.object({ status: z.literal(true), data: jobSchema }), 'The previewed import'),
        ...errorResponses,
        413: jsonResponse(z.object({ status: z.literal(false), message: z.string() }), 'Larger than the limit'),
      },
    },
    async (c) => {
      const { fileName } = validOf<{ fileName: string }>(c, 'query');
      const bytes = await readUpTo(c.req.raw.body, MAX_IMPORT_BYTES);
      if (bytes === null) return c.json(errorBody(MESSAGES.tooLarge, { file: ['importTooLarge'] }), 413, { connection: 'close' });
      const job = await createImport(deps.db, c.var.service, kind, fileName, bytes, deps.now());
      return c.json({ status: true as const, data: job }, 201);
    },
  );

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path: base,
      operationId: `list${segment}Imports`,
      summary: `The past imports of ${noun}, newest first`,
      description: 'Each with its file, who uploaded it, when, its counts and status. Staff see their own imports.',
      request: { params: serviceParamSchema, query: importJobsQuerySchema },
      responses: page(jobSchema, 'A page of imports'),
    },
    async (c) => {
      const q = validOf<{ page: number; pageSize: number }>(c, 'query');
      const { rows, total } = await listImports(deps.db, c.var.service, kind, q.page, q.pageSize);
      return c.json({ status: true as const, data: rows, total, page: q.page, pageSize: q.pageSize }, 200);
    },
  );

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path: `${base}/{id}`,
      operationId: `get${segment}Import`,
      summary: `One import of ${noun}: its counts and progress`,
      description:
        'While `running`, `doneRows` grows batch by batch; `readyRows` is what is left to import. `sameFile` names an earlier finished import of the same bytes.',
      request: { params },
      responses: ok(jobSchema, 'The import'),
    },
    async (c) => {
      const job = await getImport(deps.db, c.var.service, kind, idOf(c));
      if (!job) throw notFoundData();
      return c.json({ status: true as const, data: job }, 200);
    },
  );

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path: `${base}/{id}/rows`,
      operationId: `list${segment}ImportRows`,
      summary: `The rows of an import of ${noun}, with their errors and outcome`,
      description: '`invalid=1`: the invalid (refused) rows only. `errors` is `{column: [code]}`, `row` for the whole row (a limit reached).',
      request: { params, query: importRowsQuerySchema },
      responses: page(rowSchema, 'A page of rows'),
    },
    async (c) => {
      const q = validOf<{ page: number; pageSize: number; invalid?: '0' | '1' }>(c, 'query');
      const { rows, total } = await listImportRows(deps.db, c.var.service, kind, idOf(c), q);
      return c.json({ status: true as const, data: rows, total, page: q.page, pageSize: q.pageSize }, 200);
    },
  );

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'post',
      path: `${base}/{id}/run`,
      operationId: `run${segment}Import`,
      summary: `Import the rows of a previewed import of ${noun}`,
      description:
        "`mode: valid` imports the valid rows and refuses the others; `mode: all` imports only when every row is valid (400 `mode: importHasInvalidRows` otherwise, nothing imported). The import runs in the background in batches; read its progress at `GET {id}`. A row whose phone is already there (made since the preview) is `exists`; shops past the plan's limit are refused (`row: shopLimit`). 409 when it was run already. Bikers start active: running an import of bikers needs the approval right (`Service {service} Regis Biker`, create), 403 otherwise.",
      request: { params, body: jsonBody(importRunSchema) },
      responses: { 202: jsonResponse(z.object({ status: z.literal(true), data: jobSchema }), 'Started'), ...errorResponses, ...conflictResponse },
    },
    async (c) => {
      const { mode } = validOf<{ mode: ImportMode }>(c, 'json');
      // Imported bikers start active: running an import of bikers needs the approval right.
      if (kind === 'biker') await assertApproval(deps, c, 'biker');
      const job = await runImport(deps, c.var.service, kind, idOf(c), mode);
      return c.json({ status: true as const, data: job }, 202);
    },
  );

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path: `${base}/{id}/refused.csv`,
      operationId: `download${segment}ImportRefused`,
      summary: `The refused rows of an import of ${noun} as CSV`,
      description: 'Each invalid row: its row number, its cells as read, and its errors in words (an `errors` column).',
      request: { params },
      responses: { 200: { description: 'CSV with a header row', content: { 'text/csv': { schema: z.string() } } }, ...errorResponses },
    },
    async (c) => {
      const id = idOf(c);
      if (!(await getImport(deps.db, c.var.service, kind, id))) throw notFoundData();
      return csvResponse(c, `refused-${kind}s-${id}.csv`, refusedHeader(kind), refusedBatches(deps.db, kind, id));
    },
  );
}
