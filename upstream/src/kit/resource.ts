import type { Context, MiddlewareHandler } from 'hono';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { versionField } from '@contract/fields';
import { diffOf } from './audit';
import type { AppEnv } from './env';
import { notFoundData } from './errors';
import { listResponseSchema, type ListQuery, type ListResult } from './list';
import { bearerSecurity, conflictResponse, errorResponses, idParamSchema, inUseResponse, jsonBody, jsonResponse, okSchema, parseId } from './schemas';

export type ResourceOp = 'list' | 'get' | 'create' | 'update' | 'remove' | 'restore';
type Ctx = Context<AppEnv>;

/**
 * One business resource in the conventions of ARCHITECTURE.md section 4. Declare the schemas, the guard and the
 * operations it offers; `mountResource` adds the OpenAPI routes:
 * `GET path` list, `GET path/{id}`, `POST path` (201), `PUT path/{id}` with `version` (409 when stale),
 * `DELETE path/{id}` (soft), `POST path/{id}/restore`.
 */
export interface ResourceSpec<Item, Create, Update, Query extends ListQuery> {
  /** OpenAPI path, e.g. `/api/admin/Users/Staff` or `/api/admin/{service}/Setting/ServiceArea`. */
  path: string;
  tag: string;
  /** Singular noun for summaries: `staff user`. */
  noun: string;
  /** PascalCase name the operation ids are built from (`listSlides`, `getSlide`, …); default: the noun's words. */
  operationIds?: string;
  /** The update schema carries `version` already (a contract's), so the kit does not add it. */
  versioned?: boolean;
  itemSchema: z.ZodType<Item>;
  querySchema: z.ZodType<Query>;
  createSchema?: z.ZodType<Create>;
  /** Fields of an update; the kit adds `version`. */
  updateSchema?: z.ZodObject<z.ZodRawShape>;
  /** Path parameters besides `id` (e.g. `{service}`). */
  pathParams?: z.ZodObject<z.ZodRawShape>;
  /** Authentication, role and permission checks for an operation. */
  guard: (op: ResourceOp) => MiddlewareHandler<AppEnv>[];
  list?: (c: Ctx, query: Query) => Promise<ListResult<Item>>;
  get?: (c: Ctx, id: number) => Promise<Item | null>;
  create?: (c: Ctx, input: Create) => Promise<Item>;
  update?: (c: Ctx, id: number, version: number, input: Update) => Promise<Item>;
  remove?: (c: Ctx, id: number) => Promise<boolean>;
  /** A delete can be refused because other rows still point at the row (409 `IN_USE`). */
  removeRefusedInUse?: boolean;
  restore?: (c: Ctx, id: number) => Promise<Item | null>;
}

const valid = (c: Ctx, target: 'json' | 'query') => (c.req.valid as (t: string) => unknown)(target);

function idOf(c: Ctx): number {
  const id = parseId(c.req.param('id'));
  if (id === null) throw notFoundData();
  return id;
}

export function mountResource<Item, Create, Update, Query extends ListQuery>(app: OpenAPIHono<AppEnv>, spec: ResourceSpec<Item, Create, Update, Query>): void {
  const one = z.object({ status: z.literal(true), data: spec.itemSchema });
  const params = spec.pathParams ? spec.pathParams.extend(idParamSchema.shape) : idParamSchema;
  const base = { tags: [spec.tag], security: bearerSecurity };
  const add = (op: ResourceOp, config: Parameters<typeof createRoute>[0], handler: (c: Ctx) => Promise<Response>) => {
    const route = createRoute({ ...base, ...config, middleware: spec.guard(op) });
    app.openapi(route, handler as never);
  };
  const itemPath = `${spec.path}/{id}`;
  const name = spec.operationIds;
  const op = (verb: string, plural = false) => (name ? { operationId: `${verb}${name}${plural ? 's' : ''}` } : {});

  if (spec.list) {
    const list = spec.list;
    add(
      'list',
      {
        method: 'get',
        path: spec.path,
        summary: `List ${spec.noun}s`,
        ...op('list', true),
        description: `A page of ${spec.noun}s in the caller's scope: \`page\`, \`pageSize\`, \`sort\`, \`order\`, \`q\` (search), the filters, \`deleted=1\` for the deleted ones.`,
        request: { query: spec.querySchema as unknown as z.ZodObject<z.ZodRawShape>, ...(spec.pathParams ? { params: spec.pathParams } : {}) },
        responses: { 200: jsonResponse(listResponseSchema(spec.itemSchema), `A page of ${spec.noun}s`), ...errorResponses },
      },
      async (c) => {
        const query = valid(c, 'query') as Query;
        const result = await list(c, query);
        const more = result.more ? { more: true } : {};
        return c.json({ status: true, data: result.rows, total: result.total, page: query.page, pageSize: query.pageSize, ...more }, 200);
      },
    );
  }
  if (spec.get) {
    const get = spec.get;
    add(
      'get',
      {
        method: 'get',
        path: itemPath,
        summary: `One ${spec.noun}`,
        request: { params },
        ...op('get'),
        description: `The ${spec.noun} with this id in the caller's scope; 404 \`NOT_FOUND_DATA\` otherwise.`,
        responses: { 200: jsonResponse(one, `The ${spec.noun}`), ...errorResponses },
      },
      async (c) => {
        const item = await get(c, idOf(c));
        if (item === null) throw notFoundData();
        return c.json({ status: true, data: item }, 200);
      },
    );
  }
  if (spec.create && spec.createSchema) {
    const create = spec.create;
    add(
      'create',
      {
        method: 'post',
        path: spec.path,
        summary: `Create a ${spec.noun}`,
        ...op('create'),
        description: `Creates a ${spec.noun}; 400 with \`errors\` (field → codes) when a field is invalid.`,
        request: { body: jsonBody(spec.createSchema), ...(spec.pathParams ? { params: spec.pathParams } : {}) },
        responses: { 201: jsonResponse(one, `The new ${spec.noun}`), ...errorResponses },
      },
      async (c) => c.json({ status: true, data: await create(c, valid(c, 'json') as Create) }, 201),
    );
  }
  if (spec.update && spec.updateSchema) {
    const update = spec.update;
    const body = spec.versioned ? spec.updateSchema : spec.updateSchema.extend({ version: versionField().openapi({ description: 'The version last read' }) });
    add(
      'update',
      {
        method: 'put',
        path: itemPath,
        summary: `Update a ${spec.noun}`,
        request: { params, body: jsonBody(body) },
        ...op('update'),
        description: `Replaces the ${spec.noun}'s fields when \`version\` is the one last read; 409 \`CONFLICT\` with the row as it is now otherwise.`,
        responses: { 200: jsonResponse(one, `The updated ${spec.noun}`), ...errorResponses, ...conflictResponse },
      },
      async (c) => {
        const { version, ...input } = valid(c, 'json') as { version: number } & Record<string, unknown>;
        const id = idOf(c);
        // The row as it was, so the audit log can say what the update changed.
        const before = spec.get ? await spec.get(c, id).catch(() => null) : null;
        const after = await update(c, id, version, input as Update);
        if (before && after) c.set('auditDiff', diffOf(before, after));
        return c.json({ status: true, data: after }, 200);
      },
    );
  }
  if (spec.remove) {
    const remove = spec.remove;
    add(
      'remove',
      {
        method: 'delete',
        path: itemPath,
        summary: `Delete a ${spec.noun} (restorable)`,
        request: { params },
        ...op('delete'),
        description: `Soft-deletes the ${spec.noun}; \`POST …/{id}/restore\` brings it back.`,
        responses: { 200: jsonResponse(okSchema, 'Deleted'), ...errorResponses, ...(spec.removeRefusedInUse ? inUseResponse : {}) },
      },
      async (c) => {
        if (!(await remove(c, idOf(c)))) throw notFoundData();
        return c.json({ status: true }, 200);
      },
    );
  }
  if (spec.restore) {
    const restore = spec.restore;
    add(
      'restore',
      {
        method: 'post',
        path: `${itemPath}/restore`,
        summary: `Restore a deleted ${spec.noun}`,
        request: { params },
        ...op('restore'),
        description: `Brings a deleted ${spec.noun} back; 404 when it is not deleted or not in scope.`,
        responses: { 200: jsonResponse(one, `The restored ${spec.noun}`), ...errorResponses },
      },
      async (c) => {
        const item = await restore(c, idOf(c));
        if (item === null) throw notFoundData();
        return c.json({ status: true, data: item }, 200);
      },
    );
  }
}
