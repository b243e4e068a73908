import { z } from 'zod';
import { CODES } from './codes';
import { idsListSchema, refField, rowMetaSchema, versionField } from './fields';
import { listQuerySchema, type SortOrder } from './list';

/**
 * One flat business resource of the wire contract: where it lives, what a row is, what a create and an update carry,
 * how its list is queried. The Platform API mounts it (`mountCrud`), the portal declares its screen on it
 * (`defineScreen`); neither writes a schema of its own.
 */
export interface ResourceContractDef<
  F extends z.ZodRawShape,
  Q extends z.ZodRawShape,
  S extends readonly [string, ...string[]],
  C extends z.ZodRawShape = Record<never, never>,
  I extends z.ZodRawShape = Record<never, never>,
> {
  /** Singular name, PascalCase: the OpenAPI tag and schema names (`Slide`, `SlideInput`). */
  name: string;
  /** Path below the area: `/api/admin/{service}/{path}` (area scope) or `/api/admin/{path}` (company scope). */
  path: string;
  /** Other paths that serve the same rows, each under the permission of `path` besides its own. */
  aliases?: readonly string[];
  scope: 'area' | 'company';
  /** The fields a create or an update carries, built from contract/fields.ts. */
  fields: F;
  /** Cross-field rules, e.g. an end after a start; issues carry a code of codes.ts. */
  refine?: (value: z.infer<z.ZodObject<F>>, ctx: z.RefinementCtx) => void;
  /** Sortable fields (besides `createdAt` where listed). */
  sort: S;
  /** The list's order when the query names none: a sort field (the portal's default view too); else by id. */
  defaultSort?: S[number];
  defaultOrder?: SortOrder;
  /** Fields the `q` search matches (case-insensitive substring). */
  search: readonly (keyof F & string)[];
  /** List filters (contract/list.ts `filter`), by field name. */
  filters: Q;
  /** A whole-number field the rows are ordered by by hand: `PUT {path}/Sort {ids}` numbers them 1…n. */
  sortOrder?: keyof F & string;
  /** Fields only a create carries (e.g. the status a new row starts in). */
  createFields?: C;
  /** What a row carries besides the fields and the bookkeeping (a status the API keeps, names of references). */
  itemFields?: I;
  /** Words for the OpenAPI summaries: `slide`. */
  noun: string;
}

/** The wire type of a value as it comes back in a row: the field's output, without its bounds (another upstream may differ). */
export function wireOf(schema: z.ZodType): z.ZodType {
  const def = (schema as unknown as { _zod: { def: { type: string; [k: string]: unknown } } })._zod.def;
  switch (def.type) {
    case 'string':
    case 'enum':
      return z.string();
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'pipe':
      return wireOf(def.out as z.ZodType);
    case 'optional':
    case 'nullable':
    case 'default':
      return wireOf(def.innerType as z.ZodType).nullish();
    case 'array':
      return z.array(wireOf(def.element as z.ZodType));
    case 'union': {
      const options = (def.options as z.ZodType[]).map(wireOf);
      return options.length === 1 ? options[0]! : z.union(options as [z.ZodType, z.ZodType, ...z.ZodType[]]);
    }
    case 'literal': {
      const values = def.values as unknown[];
      return typeof values[0] === 'number' ? z.number() : typeof values[0] === 'boolean' ? z.boolean() : z.string();
    }
    case 'object':
      return z.object(Object.fromEntries(Object.entries(def.shape as Record<string, z.ZodType>).map(([k, v]) => [k, wireOf(v)])));
    default:
      return z.unknown();
  }
}

export function defineResourceContract<
  F extends z.ZodRawShape,
  Q extends z.ZodRawShape,
  const S extends readonly [string, ...string[]],
  C extends z.ZodRawShape = Record<never, never>,
  I extends z.ZodRawShape = Record<never, never>,
>(def: ResourceContractDef<F, Q, S, C, I>) {
  const fields = z.object(def.fields);
  const refine = def.refine;
  // Cross-field rules run even when a field failed, so every message shows at once (a rule checks its own inputs).
  const refined = <T extends z.ZodObject>(schema: T): T =>
    refine
      ? schema.superRefine((v, ctx) => refine(v as z.infer<typeof fields>, ctx), {
          when: (payload) => typeof payload.value === 'object' && payload.value !== null,
        })
      : schema;
  // An area resource is created in an area: admins name it, staff are placed in their own (the field is ignored).
  const placed = def.scope === 'area' ? fields.extend({ areaId: refField().optional() }) : fields;
  const create = refined(placed.extend((def.createFields ?? {}) as C));
  const update = refined(fields.extend({ version: versionField() }));
  const item = rowMetaSchema
    .extend(Object.fromEntries(Object.keys(def.fields).map((k) => [k, wireOf(def.fields[k] as z.ZodType)])) as { [K in keyof F]: z.ZodType })
    .extend((def.itemFields ?? {}) as I);
  const query = listQuerySchema(def.sort, def.filters);
  return {
    ...def,
    schemas: {
      /** The body of a create. */
      create,
      /** The body of an update: the fields and the `version` last read. */
      update,
      /** A row as answered. */
      item,
      query,
      /** `PUT {path}/Sort` body: every id in its new order. */
      sortBody: z.object({ ids: idsListSchema }),
    },
    /** The portal's default view. */
    defaultSort: { sort: def.defaultSort ?? def.sort[0], order: def.defaultOrder ?? ('asc' as SortOrder) },
    /** The Platform API's order when the query names none (`null`: by id). */
    listDefaultSort: def.defaultSort ?? null,
    /** The business path on the wire: `/api/admin/Delivery/Slide` (or one of the aliases'). */
    apiPath: (service?: string, path: string = def.path) => (def.scope === 'area' ? `/api/admin/${service}/${path}` : `/api/admin/${path}`),
  };
}

/**
 * What every resource contract says, whether built by defineResourceContract or written by hand for a resource with
 * routes of its own (a shop's opening hours, the registrations, the shop settings): where it lives, what a row is,
 * what a create and an update carry. Without `create` and `update` its rows are read-only; with `update` alone it is
 * one settings record, read and saved at the path itself (`PUT {path}`).
 */
export interface ResourceContractBase {
  name: string;
  path: string;
  aliases?: readonly string[];
  /**
   * Other paths that each list a part of its rows under their own permission, with the same row, query and calls (the
   * parcel orders beside the food ones, one owner type's wallets beside another's): a screen may be declared on any.
   */
  parts?: readonly string[];
  scope: 'area' | 'company';
  /** Sortable fields of its list; none for a settings record. */
  sort?: readonly [string, ...string[]];
  /** The list's order when the query names none. */
  defaultSort?: { sort: string; order: SortOrder };
  /** Fields the list's `q` search matches. */
  search?: readonly string[];
  /**
   * A row, the bodies of a create and an update, the list's query, and the bodies of its other calls (`reject`); `detail`
   * is one row as its own read answers it when that says more than a list row (an order's items and events).
   */
  schemas: {
    item: z.ZodObject;
    detail?: z.ZodObject;
    create?: z.ZodType;
    update?: z.ZodType;
    query?: z.ZodType;
    [call: string]: z.ZodType | undefined;
  };
}

/**
 * A flat resource's contract as defineResourceContract builds it, as the generic layers on both sides take it. Its API
 * is the whole flat set (`mountCrud`): besides list, read, create, update, delete and restore, bulk delete, the CSV
 * export and, with a `sortOrder`, hand ordering.
 */
export interface ResourceContract extends ResourceContractBase {
  noun: string;
  fields: z.ZodRawShape;
  sort: readonly [string, ...string[]];
  search: readonly string[];
  filters: z.ZodRawShape;
  sortOrder?: string;
  schemas: { create: z.ZodType; update: z.ZodType; item: z.ZodObject; query: z.ZodType; sortBody: z.ZodType };
  defaultSort: { sort: string; order: SortOrder };
  listDefaultSort: string | null;
  apiPath: (service?: string, path?: string) => string;
}

/** Whether a contract is a flat resource's (defineResourceContract), not a hand-written one. */
export const isFlatContract = (contract: ResourceContractBase): contract is ResourceContract => 'fields' in contract && 'apiPath' in contract;

/** A refinement: `end` on or after `start` when both are set (dates `YYYY-MM-DD` compare as text). */
export const endNotBeforeStart =
  <K extends string>(start: K, end: K) =>
  (value: Partial<Record<K, unknown>>, ctx: z.RefinementCtx) => {
    const from = value[start];
    const to = value[end];
    if (typeof from === 'string' && typeof to === 'string' && from && to && to < from) {
      ctx.addIssue({ code: 'custom', path: [end], message: CODES.endBeforeStart });
    }
  };
