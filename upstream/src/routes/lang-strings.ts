import { z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  LANG_CLIENTS,
  langAppQuerySchema,
  langBundleSchema,
  langExportQuerySchema,
  langImportProblemSchema,
  langImportResultSchema,
  langImportSchema,
  langStringCreateSchema,
  langStringQuerySchema,
  langStringSaveSchema,
  langStringSchema,
  langSummarySchema,
  type Lang,
  type LangClient,
  type LangFileFormat,
  type LangImport,
  type LangStringQuery,
  type LangStringSave,
} from '@contract/resources/lang-strings';
import {
  appBundle,
  appLanguage,
  createLangString,
  deleteLangString,
  importLangStrings,
  langRows,
  langSummary,
  listLangStrings,
  saveLangStrings,
} from '../domain/lang-strings';
import { langCsv, langJson } from '../domain/lang-files';
import { requireAppKey } from '../kit/app-channel';
import { requireAdmin, requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { notFoundData } from '../kit/errors';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, idParamSchema, jsonBody, jsonResponse, okSchema, parseId } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';

const itemSchema = langStringSchema.openapi('LangString');
const idParams = serviceParamSchema.extend(idParamSchema.shape);
const clientParams = serviceParamSchema.extend({
  client: z.enum(LANG_CLIENTS).openapi({ param: { name: 'client', in: 'path' }, example: 'member' }),
});
const ok = <T extends z.ZodType>(data: T, description: string) => jsonResponse(z.object({ status: z.literal(true), data }), description);
const importErrorSchema = z
  .object({
    status: z.literal(false),
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    data: z.object({ problems: z.array(langImportProblemSchema) }).optional(),
  })
  .openapi('LangImportError');

/** The ETag of a bundle version: `"7"`. */
const etagOf = (version: number) => `"${version}"`;
/** Whether `If-None-Match` names the ETag (a list, weak or strong, or `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const v = tag.trim();
    return v === '*' || v === etag || v === `W/${etag}`;
  });
}

/**
 * Setting → Language (`Setting/LangInApps`, admin): the words of the member, shop and biker apps in the four
 * languages, and the apps' read of them on the app channel (versioned and cached; never forwarded by the portal).
 */
export function registerLangStringRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const base = '/api/admin/{service}/Setting/LangInApps';
  const guard = [requireAuth(deps), requireServiceRoute(deps, 'Setting LangInApps'), requireAdmin];
  const tag = 'Language strings';

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path: base,
      summary: "A page of one app's strings (admin)",
      description:
        'The strings of `client` (member, shop or biker) in key order; `q` searches the key and the four texts, `missing` keeps the keys without that language (`any`: without one of them).',
      request: { params: serviceParamSchema, query: langStringQuerySchema },
      responses: {
        200: jsonResponse(
          z.object({ status: z.literal(true), data: z.array(itemSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
          'A page of strings',
        ),
        ...errorResponses,
      },
    },
    async (c) => {
      const query = validOf<LangStringQuery>(c, 'query');
      const { rows, total } = await listLangStrings(deps.db, c.var.service, query);
      return c.json({ status: true as const, data: rows, total, page: query.page, pageSize: query.pageSize }, 200);
    },
  );

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path: `${base}/Summary`,
      summary: "Each app's count of strings and of missing translations (admin)",
      description: 'For member, shop and biker: the keys, the keys missing each language, and the bundle version the apps cache by.',
      request: { params: serviceParamSchema },
      responses: { 200: ok(z.array(langSummarySchema.openapi('LangSummary')), 'The counts per app'), ...errorResponses },
    },
    async (c) => c.json({ status: true as const, data: await langSummary(deps.db, c.var.service) }, 200),
  );

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'post',
      path: base,
      summary: 'Add a key (admin)',
      description: "A new key of one app with its texts (those left out are missing); 400 `{key: ['taken']}` when the app has it already.",
      request: { params: serviceParamSchema, body: jsonBody(langStringCreateSchema.openapi('LangStringInput')) },
      responses: { 201: ok(itemSchema, 'The new string'), ...errorResponses },
    },
    async (c) => c.json({ status: true as const, data: await createLangString(deps.db, c.var.service, validOf(c, 'json'), deps.now()) }, 201),
  );

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'put',
      path: base,
      summary: 'Save many cells at once (admin; each row with its `version`)',
      description:
        "All or none, in one transaction that bumps the app's bundle version once. A row saved by someone else since it was read (or deleted) is 409 `CONFLICT` with `data.rows` (those rows as they are now) and `data.gone` (the ids no longer there); nothing is saved then.",
      request: { params: serviceParamSchema, body: jsonBody(langStringSaveSchema.openapi('LangStringSave')) },
      responses: {
        200: ok(z.object({ rows: z.array(itemSchema), version: z.number().int() }), 'The saved rows and the new bundle version'),
        ...errorResponses,
        ...conflictResponse,
      },
    },
    async (c) => c.json({ status: true as const, data: await saveLangStrings(deps.db, c.var.service, validOf<LangStringSave>(c, 'json'), deps.now()) }, 200),
  );

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path: `${base}/export`,
      summary: "Export one app's strings as JSON or CSV (admin)",
      description:
        "JSON: `{ key: { en, th, zh, my } }`. CSV: the header key,en,th,zh,my and a line per key, UTF-8 with a byte-order mark; a text that a spreadsheet would run as a formula starts with `'`, which the import takes off again.",
      request: { params: serviceParamSchema, query: langExportQuerySchema },
      responses: {
        200: {
          description: 'The file, as an attachment',
          content: { 'application/json': { schema: z.record(z.string(), z.record(z.string(), z.string())) }, 'text/csv': { schema: z.string() } },
        },
        ...errorResponses,
      },
    },
    async (c) => {
      const { client, format } = validOf<{ client: LangClient; format: LangFileFormat }>(c, 'query');
      const rows = await langRows(deps.db, c.var.service, client);
      const name = `lang-${c.var.service.appType.toLowerCase()}-${client}.${format}`;
      const headers = { 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' };
      if (format === 'csv') return c.body(langCsv(rows), 200, { ...headers, 'content-type': 'text/csv; charset=utf-8' });
      return c.body(JSON.stringify(langJson(rows), null, 2), 200, { ...headers, 'content-type': 'application/json; charset=utf-8' });
    },
  );

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'post',
      path: `${base}/import`,
      summary: 'Import strings from a JSON or CSV file (admin; merge, or count first with `dryRun`)',
      description:
        "Merges the file into one app's strings: new keys are created, texts that differ are updated, an empty text leaves the one kept alone, nothing is deleted; one transaction, the bundle version bumped once when anything changed. With `dryRun: true` it only counts (new, changed, unchanged). A wrong file is 400 `{content: ['invalidLangFile']}` with `data.problems` (line or key, field, code); nothing is saved then.",
      request: { params: serviceParamSchema, body: jsonBody(langImportSchema.openapi('LangImport')) },
      responses: {
        200: ok(langImportResultSchema.openapi('LangImportResult'), 'What the import did or would do'),
        ...errorResponses,
        400: { description: 'Invalid input or a wrong file: `data.problems` says where', content: { 'application/json': { schema: importErrorSchema } } },
      },
    },
    async (c) => c.json({ status: true as const, data: await importLangStrings(deps.db, c.var.service, validOf<LangImport>(c, 'json'), deps.now()) }, 200),
  );

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'delete',
      path: `${base}/{id}`,
      summary: 'Delete a key (admin)',
      description: "Deletes the key and its four texts from its app; the app's bundle version goes up.",
      request: { params: idParams },
      responses: { 200: jsonResponse(okSchema, 'Deleted'), ...errorResponses },
    },
    async (c) => {
      const id = parseId(c.req.param('id'));
      if (id === null) throw notFoundData();
      await deleteLangString(deps.db, c.var.service, id, deps.now());
      return c.json({ status: true as const }, 200);
    },
  );

  // The apps read their words on the app channel (never through the portal), cached by the bundle version.
  addRoute(
    app,
    'App channel',
    [requireAuth(deps), requireAppKey(deps), requireServiceRoute(deps, 'Setting LangInApps', 'read')],
    {
      method: 'get',
      path: '/api/app/{service}/Lang/{client}',
      operationId: 'readLangStringsForApp',
      summary: 'The words the member, shop or biker app shows, in one language',
      description:
        "Every key of the app in `lang` (without it, the app's default language of Application Manager), English where that translation is missing (a key with neither is left out). `version` is the bundle version: it goes up with every change and is the `ETag`; `If-None-Match` with it answers 304 without a body. Cached privately for 60 seconds.",
      request: { params: clientParams, query: langAppQuerySchema },
      responses: {
        200: ok(langBundleSchema.openapi('LangBundle'), 'The strings, with `ETag` and `Cache-Control`'),
        304: { description: 'Not modified: the bundle version is the one given in `If-None-Match`' },
        ...errorResponses,
      },
    },
    async (c) => {
      const client = c.req.param('client') as LangClient;
      const lang = validOf<{ lang?: Lang }>(c, 'query').lang ?? (await appLanguage(deps.db, c.var.service.appId));
      const bundle = await appBundle(deps.db, c.var.service, client, lang);
      const etag = etagOf(bundle.version);
      const headers = { etag, 'cache-control': 'private, max-age=60' };
      if (matches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
      return c.json({ status: true as const, data: { client, lang, version: bundle.version, strings: bundle.strings } }, 200, headers);
    },
  );
}
