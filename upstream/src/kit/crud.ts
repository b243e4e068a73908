import { and, count, eq, inArray, isNotNull, isNull, max, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { ResourceContract } from '@contract/resource';
import { areas, users } from '../db/schema';
import type { Db } from '../db/client';
import { areaFilter, areaFor, stamp, toMeta, type MetaRow } from '../domain/shop-common';
import { scopeOf, type Scope } from '../domain/scope';
import { requireAdmin, requireAuth, requirePermission } from './auth';
import type { AppDeps, AppEnv } from './env';
import { ApiError, invalid, isUniqueViolation, MESSAGES, notFoundData } from './errors';
import { idsQuerySchema } from './fields';
import { csvResponse, keysetBatches, sortKeyOf } from './export';
import { orderFor, pageWindow, searchWhere, type ListQuery } from './list';
import { mountResource } from './resource';
import { assertCompanyImages, newImageKeys } from './image-refs';
import { addRoute, validOf } from './routes';
import { errorResponses, inUseResponse, jsonBody, jsonResponse, parseId } from './schemas';
import { requireService, requireServiceRoute, serviceParamSchema } from './service-scope';
import { apiRuleFor, SERVICES, servicePathsOf } from '@contract/access';
import { CODES } from '@contract/codes';
import { SEARCH_COUNT_CAP } from '@contract/list';
import { SORT_ORDER_MAX } from '@contract/fields';
import { settleVersionedWith } from './versioned';
import { auditedWrite, diffOf } from './audit';

/** A write that found no row to change: its transaction is rolled back (nothing to record) and the call says so. */
const NO_ROW = new Error('no row');
const unlessNoRow = async <T>(write: () => Promise<T>): Promise<T | undefined> => {
  try {
    return await write();
  } catch (error) {
    if (error === NO_ROW) return undefined;
    throw error;
  }
};

/**
 * The generic CRUD layer: one call mounts a flat resource of the wire contract (contract/resources/*) over its table.
 * List (page, sort, search, filters), one row, create (201), versioned update (409 with the row as it is now), soft
 * delete and restore, bulk delete, hand ordering (`PUT {path}/Sort`) when the contract has a sort-order field, and a
 * streamed CSV export, all scoped by company (and app and area for an area resource), with OpenAPI from the contract.
 * A create that leaves the sort-order field out is numbered after the last row of its area (or company).
 *
 * A contract's aliases get the same routes over the same rows: each answers to the permission of the contract's path
 * besides its own (one permission per data set), and its operations are named from their method and path.
 *
 * The table has the bookkeeping columns (`id`, `companyId`, [`appId`, `areaId`], `version`, `createdAt`, `updatedAt`,
 * `updatedBy`, `deletedAt`) and one column per contract field, named as the field.
 */
type Row = Record<string, unknown> & MetaRow;
type Ctx = Context<AppEnv>;
type Columns = Record<string, PgColumn>;

interface Where {
  companyId: number;
  appId?: number | null;
  areaId?: number | null;
}

export interface CrudOptions {
  table: PgTable;
  /** Columns whose property is not named as their field (`Limit_post` → `limitPost`). */
  columns?: Record<string, PgColumn>;
  /** Permission name for an area resource whose path the route registry does not list. */
  permission?: string;
  /**
   * Live rows elsewhere that point at a row (`users.officeId` → an office): a row still pointed at is not deleted
   * (409 `IN_USE`), alone or in a bulk delete.
   */
  inUseBy?: readonly { column: PgColumn; deletedAt?: PgColumn }[];
  /**
   * The field a unique index of the table is reported on (`unit`: one fee table per area and unit; `areaId`: one per
   * area): a create, update or restore the index refuses answers 400 `{field: ['taken']}`.
   */
  uniqueField?: string;
  /**
   * What a row carries besides its fields (the contract's `itemFields`), each a left join's column: the name of a
   * referenced row (`shopName: { column: shops.name, on: eq(shops.id, popularShops.shopId) }`).
   */
  joins?: Record<string, { column: PgColumn; on: SQL }>;
  /**
   * Values computed at the time of the call (the contract's `itemFields`), e.g. a status from a period and today's
   * date; a contract filter of the same name filters the list by it.
   */
  computed?: Record<string, (now: Date) => SQL>;
  /**
   * Checks a create's or an update's fields in the place the row is (or goes) in, before it is written, and answers
   * the fields to write: refuses with `invalid(…)` a reference to a row of another area (`unknownReference`). An
   * update also gets the row as it is (`current`); a create gets none, nor does a restore, which it checks as a create.
   * The pictures the answered fields name are checked after it, for every resource (kit/image-refs.ts).
   */
  prepare?: (db: Db, place: Place, input: Record<string, unknown>, current?: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /**
   * The list's total from somewhere cheaper than counting the rows (a counts table kept by triggers), for the queries
   * it can answer; null for the others, which are counted. Gets the caller's scope (no area for an administrator).
   */
  total?: (db: Db, scope: Where, query: ListQuery & Record<string, unknown>) => Promise<number | null>;
  /**
   * Columns fixed to a value for this contract (`{ kind: 'voucher' }`: two contracts over one table): every read and
   * write is limited to the rows that have it, and a create sets it.
   */
  fixed?: Record<string, string | number | boolean>;
}

/** The company, app and area a row lives in (no app nor area for a company resource). */
export interface Place {
  companyId: number;
  appId: number | null;
  areaId: number | null;
}

export function mountCrud(app: OpenAPIHono<AppEnv>, deps: AppDeps, contract: ResourceContract, options: CrudOptions): void {
  for (const at of [contract.path, ...(contract.aliases ?? [])]) {
    // An alias answers wherever its contract's path does (Delivery's ShopType is its TypeShop).
    if (contract.scope === 'area' && at === contract.path) refuseOutsideItsServices(app, deps, at);
    mountCrudAt(app, deps, contract, options, at);
  }
}

/**
 * A path the route registry gives some services only (Marketplace's Products, Carrier) does not exist under the
 * others: 404 there before any other guard, since an administrator holds every flag of every service; a call without
 * a valid token is 401 first, as on every protected route.
 */
function refuseOutsideItsServices(app: OpenAPIHono<AppEnv>, deps: AppDeps, at: string): void {
  const served = SERVICES.filter((service) => servicePathsOf(service).some((d) => d.path === `/${at}`));
  if (served.length === 0) return;
  const authed = requireAuth(deps);
  const notHere: MiddlewareHandler<AppEnv> = (c) =>
    authed(c, async () => {
      throw new ApiError(404, MESSAGES.notFound);
    }) as Promise<never>;
  for (const service of SERVICES.filter((s) => !served.includes(s))) {
    app.use(`/api/admin/${service}/${at}`, notHere);
    app.use(`/api/admin/${service}/${at}/*`, notHere);
  }
}

/** The routes of a contract at one path: its own, or one of its aliases. */
function mountCrudAt(app: OpenAPIHono<AppEnv>, deps: AppDeps, contract: ResourceContract, options: CrudOptions, at: string): void {
  const t = { ...(options.table as unknown as Columns), ...options.columns };
  const fieldNames = Object.keys(contract.fields);
  for (const name of ['id', 'companyId', 'version', 'createdAt', 'updatedAt', 'updatedBy', 'deletedAt', ...fieldNames]) {
    if (!t[name]) throw new Error(`mountCrud(${contract.name}): the table has no column ${name}`);
  }
  const area = contract.scope === 'area';
  const alias = at !== contract.path;
  const authed = requireAuth(deps);
  const permission = options.permission ?? contract.path;
  // A company resource answers to the permission the route registry gives its path (`Information/Offices` → the
  // `/Information` page's `Company Information`), the one the portal's BFF checks.
  const companyPermission = (p: string) => {
    const rule = apiRuleFor(`/api/admin/${p}`);
    const name = rule && rule.service === 'Admin' && typeof rule.permission === 'string' ? rule.permission : `Company ${p.split('/').join(' ')}`;
    return requirePermission(deps, 'Admin', name);
  };
  const guard: MiddlewareHandler<AppEnv>[] = area
    ? [authed, requireServiceRoute(deps, permission), ...(alias ? [requireService(deps, permission)] : [])]
    : [authed, requireAdmin, companyPermission(at), ...(alias ? [companyPermission(contract.path)] : [])];
  const path = area ? `/api/admin/{service}/${at}` : `/api/admin/${at}`;
  const pathParams = area ? serviceParamSchema : undefined;
  const tag = contract.name;
  // An alias's operations get their ids from their method and path (the contract's names are the path's own).
  const opName = alias ? undefined : contract.name;
  const operationId = (verb: string, plural = '') => (opName ? { operationId: `${verb}${opName}${plural}` } : {});

  const scopeOfCtx = (c: Ctx): Scope & Where => (area ? { ...c.var.service } : { ...scopeOf(c.var.auth), areaId: null });
  const fixed = Object.entries(options.fixed ?? {});
  for (const [name] of fixed) if (!t[name]) throw new Error(`mountCrud(${contract.name}): the table has no column ${name}`);
  const inScope = (s: Where, deleted = false): SQL =>
    and(
      ...fixed.map(([name, value]) => eq(t[name]!, value)),
      eq(t.companyId!, s.companyId),
      area ? eq(t.appId!, s.appId!) : undefined,
      area && s.areaId !== null && s.areaId !== undefined ? eq(t.areaId!, s.areaId) : undefined,
      deleted ? isNotNull(t.deletedAt!) : isNull(t.deletedAt!),
    )!;

  const columns = {
    id: t.id!,
    version: t.version!,
    createdAt: t.createdAt!,
    updatedAt: t.updatedAt!,
    updatedById: t.updatedBy!,
    updatedByName: users.displayName,
    deletedAt: t.deletedAt!,
    companyId: t.companyId!,
    ...(area ? { areaId: t.areaId!, areaName: areas.name, appId: t.appId! } : {}),
    ...Object.fromEntries(fieldNames.map((f) => [f, t[f]!])),
  };
  const sortable: Record<string, AnyColumn> = Object.fromEntries(contract.sort.map((f) => [f, t[f]!]));
  const joins = Object.entries(options.joins ?? {});
  const computed = Object.entries(options.computed ?? {});
  // An extra named as a field stands for it on the wire (a reference's id as text); it is not a column of its own.
  const extraNames = [...joins, ...computed].map(([name]) => name).filter((name) => !fieldNames.includes(name));
  const select = (db: Db, sortKey: SQL<string> = sql<string>`''`) => {
    const now = deps.now();
    const extras = { ...Object.fromEntries(joins.map(([name, j]) => [name, j.column])), ...Object.fromEntries(computed.map(([name, f]) => [name, f(now)])) };
    const base = db
      .select({ ...columns, ...extras, sortKey })
      .from(options.table)
      .leftJoin(users, eq(users.id, t.updatedBy!));
    const placed = area ? base.leftJoin(areas, eq(areas.id, t.areaId!)) : base;
    // Each join adds its table; the query's type stays the base's (the extras are read by name).
    return joins.reduce((q, [, j]) => q.leftJoin((j.column as unknown as { table: PgTable }).table, j.on) as unknown as typeof placed, placed);
  };
  const toItem = (r: Row) => {
    const meta = area ? toMeta(r) : { ...toMeta({ ...r, areaId: 0, appId: 0, areaName: null }), areaId: null, areaName: null, appId: null };
    return { ...meta, ...Object.fromEntries([...fieldNames, ...extraNames].map((f) => [f, r[f]])) };
  };
  const filterWhere = (query: Record<string, unknown>): SQL | undefined =>
    and(
      ...Object.keys(contract.filters).map((name) => {
        const value = query[name];
        if (typeof value !== 'string') return undefined;
        if (name === 'areaId' && area) return areaFilter(options.table as never, value);
        const compute = options.computed?.[name];
        if (compute) return eq(compute(deps.now()), value);
        const column = t[name];
        if (!column) return undefined;
        const kind = column.columnType;
        if (kind === 'PgBoolean') return eq(column, value === 'true');
        if (kind === 'PgInteger') return eq(column, parseId(value) ?? -1);
        return eq(column, value);
      }),
    );
  const whereOf = (s: Where, query: ListQuery & Record<string, unknown>): SQL =>
    and(
      inScope(s, query.deleted === '1'),
      searchWhere(
        contract.search.map((f) => t[f]!),
        query.q,
      ),
      filterWhere(query),
    )!;
  const getRow = async (s: Where, id: number, deleted = false) => {
    const [row] = await select(deps.db)
      .where(and(inScope(s, deleted), eq(t.id!, id)))
      .limit(1);
    return row ? toItem(row as unknown as Row) : null;
  };
  /** The ids among `ids` that a live row elsewhere still points at. */
  const inUse = async (ids: number[]): Promise<Set<number>> => {
    const used = new Set<number>();
    for (const ref of options.inUseBy ?? []) {
      const rows = await deps.db
        .selectDistinct({ id: ref.column })
        .from((ref.column as unknown as { table: PgTable }).table)
        .where(and(inArray(ref.column, ids), ref.deletedAt ? isNull(ref.deletedAt) : undefined));
      for (const r of rows) used.add(Number(r.id));
    }
    return used;
  };
  const refuseInUse = async (s: Where, ids: number[]) => {
    if (!options.inUseBy?.length) return;
    const mine = await deps.db
      .select({ id: t.id! })
      .from(options.table)
      .where(and(inScope(s), inArray(t.id!, ids)));
    if (mine.length > 0 && (await inUse(mine.map((r) => Number(r.id)))).size > 0) throw new ApiError(409, MESSAGES.inUse);
  };
  /** Runs a write; the table's unique index refusing it is the `uniqueField`'s `taken`. */
  const unique = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (options.uniqueField && isUniqueViolation(error)) throw invalid({ [options.uniqueField]: [CODES.taken] });
      throw error;
    }
  };
  // The table's property of each field (a mapped column keeps its own name: `Limit_post` → `limitPost`).
  const tableColumns = options.table as unknown as Columns;
  const propOf = Object.fromEntries(fieldNames.map((f) => [f, Object.keys(tableColumns).find((k) => tableColumns[k] === t[f]) ?? f]));
  const fieldValues = (input: Record<string, unknown>) => Object.fromEntries(fieldNames.map((f) => [propOf[f]!, input[f]]));
  const prepared = (place: Place, input: Record<string, unknown>, current?: Record<string, unknown>) =>
    options.prepare ? options.prepare(deps.db, place, input, current) : Promise.resolve(input);
  /** A create's or an update's fields, prepared, with every picture they name an upload of the company (kit/image-refs.ts). */
  const written = async (place: Place, input: Record<string, unknown>, current?: Record<string, unknown>) => {
    const fields = await prepared(place, input, current);
    await assertCompanyImages(deps.db, place.companyId, fields, current);
    return fields;
  };
  const bump = (s: Scope) => ({ version: sql`${t.version!} + 1`, ...stamp(s as never, deps.now()) });
  const sortField = contract.sortOrder;
  /** The sort order after the last row (deleted ones too) of the company, app and area a new row goes to. */
  const nextSortOrder = async (field: string, place: Where): Promise<number> => {
    const [last] = await deps.db
      .select({ n: max(t[field]!) })
      .from(options.table)
      .where(and(eq(t.companyId!, place.companyId), area ? eq(t.appId!, place.appId!) : undefined, area ? eq(t.areaId!, place.areaId!) : undefined));
    // Never past the largest a hand may set (rows at it share the last place; `PUT …/Sort` renumbers them 1…n).
    return Math.min(Number(last?.n ?? 0) + 1, SORT_ORDER_MAX);
  };

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path: `${path}/export`,
      ...operationId('export'),
      summary: `Export the matching ${contract.noun}s as CSV`,
      description: `Every ${contract.noun} the list query matches, in the list's order, streamed as CSV (header first).`,
      request: { ...(pathParams ? { params: pathParams } : {}), query: contract.schemas.query as never },
      responses: { 200: { description: 'CSV, streamed', content: { 'text/csv': { schema: z.string() } } }, ...errorResponses },
    },
    async (c) => {
      const query = validOf<ListQuery & Record<string, unknown>>(c, 'query');
      const s = scopeOfCtx(c);
      const batches = keysetBatches<Row & { sortKey: string }>(
        {
          sortable,
          id: t.id!,
          read: (where, orderBy, limit) =>
            select(deps.db, sortKeyOf(sortable, query))
              .where(where)
              .orderBy(...orderBy)
              .limit(limit) as never,
          keyOf: (row) => ({ value: row.sortKey, id: row.id }),
        },
        query,
        whereOf(s, query),
      );
      const header = ['id', ...fieldNames, ...extraNames, ...(area ? ['area'] : []), 'createdAt'];
      async function* rows() {
        for await (const batch of batches) {
          yield batch.map((r) => {
            const item = toItem(r);
            return [item.id, ...fieldNames.map((f) => r[f]), ...extraNames.map((f) => r[f]), ...(area ? [item.areaName] : []), item.createdAt];
          });
        }
      }
      return csvResponse(c, `${contract.noun.replace(/\s+/g, '-')}s.csv`, header, rows());
    },
  );

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'delete',
      path,
      ...operationId('bulkDelete', 's'),
      summary: `Delete several ${contract.noun}s (restorable)`,
      description: `Soft-deletes every listed ${contract.noun} (\`?ids=1,2,3\`) in the caller's scope; ids out of scope are ignored. Answers how many were deleted.`,
      request: { ...(pathParams ? { params: pathParams } : {}), query: idsQuerySchema },
      responses: {
        200: jsonResponse(z.object({ status: z.literal(true), data: z.object({ deleted: z.number().int() }) }), 'How many were deleted'),
        ...errorResponses,
        ...(options.inUseBy?.length ? inUseResponse : {}),
      },
    },
    async (c) => {
      const { ids } = validOf<{ ids: string[] }>(c, 'query');
      const s = scopeOfCtx(c);
      await refuseInUse(s, ids.map(Number));
      const done = await auditedWrite(deps, c, 200, (tx) =>
        tx
          .update(options.table)
          .set({ deletedAt: deps.now(), ...bump(s) } as never)
          .where(and(inScope(s), inArray(t.id!, ids.map(Number))))
          .returning({ id: t.id! }),
      );
      return c.json({ status: true as const, data: { deleted: done.length } }, 200);
    },
  );

  if (sortField) {
    addRoute(
      app,
      tag,
      guard,
      {
        method: 'put',
        path: `${path}/Sort`,
        ...operationId('sort'),
        summary: `Order the ${contract.noun}s by hand`,
        description: `Numbers \`${sortField}\` 1…n in the order of \`ids\`, in one transaction; every id must be a live ${contract.noun} in scope.`,
        request: { ...(pathParams ? { params: pathParams } : {}), body: jsonBody(contract.schemas.sortBody) },
        responses: {
          200: jsonResponse(z.object({ status: z.literal(true), data: z.array(contract.schemas.item) }), 'The rows in their new order'),
          ...errorResponses,
        },
      },
      async (c) => {
        const ids = validOf<{ ids: string[] }>(c, 'json').ids.map(Number);
        const s = scopeOfCtx(c);
        if (new Set(ids).size !== ids.length) throw invalid({ ids: ['overlap'] });
        await auditedWrite(deps, c, 200, async (tx) => {
          const found = await tx
            .select({ id: t.id! })
            .from(options.table)
            .where(and(inScope(s), inArray(t.id!, ids)));
          if (found.length !== ids.length) throw invalid({ ids: ['unknownReference'] });
          for (const [index, id] of ids.entries()) {
            await tx
              .update(options.table)
              .set({ [propOf[sortField] ?? sortField]: index + 1, ...bump(s) } as never)
              .where(and(inScope(s), eq(t.id!, id)));
          }
        });
        const rows = await select(deps.db).where(and(inScope(s), inArray(t.id!, ids)));
        const byId = new Map(rows.map((r) => [r.id as number, toItem(r as unknown as Row)]));
        return c.json({ status: true as const, data: ids.map((id) => byId.get(id)!) }, 200);
      },
    );
  }

  mountResource(app, {
    path,
    tag,
    noun: contract.noun,
    operationIds: opName,
    pathParams,
    itemSchema: contract.schemas.item as never,
    querySchema: contract.schemas.query as never,
    createSchema: contract.schemas.create as never,
    updateSchema: contract.schemas.update as never,
    versioned: true,
    removeRefusedInUse: Boolean(options.inUseBy?.length),
    guard: () => guard,
    list: async (c, query: ListQuery & Record<string, unknown>) => {
      const where = whereOf(scopeOfCtx(c), query);
      const { limit, offset } = pageWindow(query);
      const order = orderFor(sortable, { ...query, sort: query.sort ?? contract.listDefaultSort ?? undefined }, t.id!);
      // A deferred join: the page's ids come from the table alone (an index walk past the offset), and only those rows
      // get their joins and computed values, so a deep page costs what its rows cost, not what the rows before it do.
      const pageIds = deps.db
        .select({ id: t.id! })
        .from(options.table)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      const counted = async (): Promise<{ total: number; more?: boolean }> => {
        const known = options.total ? await options.total(deps.db, scopeOfCtx(c), query) : null;
        if (known !== null) return { total: known };
        if (!query.q) {
          const [row] = await deps.db.select({ n: count() }).from(options.table).where(where);
          return { total: row?.n ?? 0 };
        }
        // A search counts its matches up to the cap (one past it says there are more).
        const matches = deps.db
          .select({ one: sql`1` })
          .from(options.table)
          .where(where)
          .limit(SEARCH_COUNT_CAP + 1)
          .as('matches');
        const [row] = await deps.db.select({ n: count() }).from(matches);
        const n = row?.n ?? 0;
        return n > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, more: true } : { total: n };
      };
      const [rows, total] = await Promise.all([
        select(deps.db)
          .where(inArray(t.id!, pageIds))
          .orderBy(...order),
        counted(),
      ]);
      return { rows: rows.map((r) => toItem(r as unknown as Row)), ...total };
    },
    get: (c, id) => getRow(scopeOfCtx(c), id),
    create: async (c, input: Record<string, unknown>) => {
      const s = scopeOfCtx(c);
      const place = area ? { appId: s.appId, areaId: await areaFor(deps.db, s as never, input.areaId as string | undefined) } : {};
      const values = fieldValues(await written({ companyId: s.companyId, appId: null, areaId: null, ...place }, input));
      if (sortField && input[sortField] === undefined) values[propOf[sortField]!] = await nextSortOrder(sortField, { companyId: s.companyId, ...place });
      const now = deps.now();
      const [row] = await unique(() =>
        auditedWrite(deps, c, 201, (tx) =>
          tx
            .insert(options.table)
            .values({ companyId: s.companyId, ...place, ...values, ...options.fixed, createdAt: now, ...stamp(s as never, now) } as never)
            .returning({ id: t.id! }),
        ),
      );
      return (await getRow(s, row!.id as number))!;
    },
    update: async (c, id, version, input: Record<string, unknown>) => {
      const s = scopeOfCtx(c);
      let fields = input;
      // The row as it is: for the prepare step, for the pictures it already holds and for what the audit row says changed.
      const current = await getRow(s, id);
      if (!current) throw notFoundData();
      if (options.prepare || newImageKeys(input).length > 0) {
        fields = await written(
          { companyId: s.companyId, appId: parseId(current.appId ?? undefined), areaId: parseId(current.areaId ?? undefined) },
          input,
          current as Record<string, unknown>,
        );
      }
      const row = await unlessNoRow(() =>
        unique(() =>
          auditedWrite(
            deps,
            c,
            200,
            async (tx) => {
              const [done] = await tx
                .update(options.table)
                .set({ ...fieldValues(fields), ...bump(s) } as never)
                .where(and(inScope(s), eq(t.id!, id), eq(t.version!, version)))
                .returning({ id: t.id! });
              if (!done) throw NO_ROW;
              return done;
            },
            async (tx) => {
              const [after] = await select(tx as unknown as Db)
                .where(and(inScope(s), eq(t.id!, id)))
                .limit(1);
              return after ? diffOf(current, toItem(after as unknown as Row)) : undefined;
            },
          ),
        ),
      );
      await settleVersionedWith(row, () => getRow(s, id));
      return (await getRow(s, id))!;
    },
    remove: async (c, id) => {
      const s = scopeOfCtx(c);
      await refuseInUse(s, [id]);
      const done = await unlessNoRow(() =>
        auditedWrite(deps, c, 200, async (tx) => {
          const [row] = await tx
            .update(options.table)
            .set({ deletedAt: deps.now(), ...bump(s) } as never)
            .where(and(inScope(s), eq(t.id!, id)))
            .returning({ id: t.id! });
          if (!row) throw NO_ROW;
          return row;
        }),
      );
      return done !== undefined;
    },
    restore: async (c, id) => {
      const s = scopeOfCtx(c);
      // A restored row comes back as if it were added now: the same checks (a shop's product limit, references that
      // must still be live) before it is live again.
      if (options.prepare) {
        const deleted = await getRow(s, id, true);
        if (!deleted) throw notFoundData();
        await prepared(
          { companyId: s.companyId, appId: parseId(deleted.appId ?? undefined), areaId: parseId(deleted.areaId ?? undefined) },
          Object.fromEntries(fieldNames.map((f) => [f, (deleted as Record<string, unknown>)[f]])),
        );
      }
      const done = await unlessNoRow(() =>
        unique(() =>
          auditedWrite(deps, c, 200, async (tx) => {
            const [row] = await tx
              .update(options.table)
              .set({ deletedAt: null, ...bump(s) } as never)
              .where(and(inScope(s, true), eq(t.id!, id)))
              .returning({ id: t.id! });
            if (!row) throw NO_ROW;
            return row;
          }),
        ),
      );
      if (done === undefined) throw notFoundData();
      return getRow(s, id);
    },
  });
}
