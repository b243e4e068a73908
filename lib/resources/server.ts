import 'server-only';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { fetchForPage } from '@/lib/server/page-fetch';
import { isUpstreamError } from '@/lib/server/upstream';
import { apiPath, type Option, type OptionSource, type ResourceModule } from './kit';
import { upstreamListParams, type ListQuery } from './list-query';

/** The list answer of the business API. */
export const listAnswerSchema = <S extends z.ZodType>(row: S) =>
  z.object({
    status: z.literal(true),
    data: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** A search found more than `total` (the upstream counts up to a cap). */
    more: z.boolean().optional(),
  });
export const oneAnswerSchema = <S extends z.ZodType>(row: S) => z.object({ status: z.literal(true), data: row });

export interface ListResult {
  rows: Record<string, unknown>[];
  total: number;
  more?: boolean;
}

/** One page of a resource list, scoped by the upstream from the session's token. */
export async function fetchResourceList(
  service: string,
  module: ResourceModule,
  query: ListQuery,
  returnTo: string,
  extra: Record<string, string> = {},
): Promise<ListResult> {
  const answer = await fetchForPage(apiPath(service, module), {
    schema: listAnswerSchema(module.schemas.row),
    returnTo,
    query: upstreamListParams(query, extra),
  });
  return { rows: answer.data as Record<string, unknown>[], total: answer.total, more: answer.more === true };
}

/** One row for a view page; a row outside the user's scope or missing goes to the 404 page. */
export async function fetchResourceOne(path: string, schema: z.ZodType, returnTo: string, query?: Record<string, string>): Promise<Record<string, unknown>> {
  return (await fetchData(path, schema, returnTo, query)) as Record<string, unknown>;
}

/** The `data` of an answer, typed by its schema; data outside the user's scope or missing goes to the 404 page. */
export async function fetchData<S extends z.ZodType>(path: string, schema: S, returnTo: string, query?: Record<string, string>): Promise<z.infer<S>> {
  try {
    const answer = await fetchForPage(path, { schema: oneAnswerSchema(schema), returnTo, ...(query ? { query } : {}) });
    return (answer as { data: z.infer<S> }).data;
  } catch (error) {
    if (isUpstreamError(error) && error.status === 404) redirect('/pages/error-404');
    throw error;
  }
}

const namedSchema = z.object({ id: z.coerce.string(), name: z.string().optional(), shopName: z.string().optional(), areaId: z.coerce.string().nullish() });
const inService = (path: string) => (service: string) => `/api/admin/${service}/${path}`;
const SOURCE_PATHS: Record<OptionSource, (service: string) => string> = {
  packages: inService('ShopPackage'),
  types: inService('TypeShop'),
  areas: inService('Setting/ServiceArea'),
  shops: inService('Shop'),
  bikers: inService('Member/Biker'),
  placements: () => '/api/admin/Users/Staff/areas',
  productTypes: inService('ProductType'),
  productCategories: inService('Product/Category'),
};

/** Options of the selects a module uses (first 100 of each list, by name); a list the user cannot read is left empty. */
export async function fetchOptions(service: string, sources: readonly OptionSource[], returnTo: string): Promise<Partial<Record<OptionSource, Option[]>>> {
  const unique = [...new Set(sources)];
  const lists = await Promise.all(
    unique.map(async (source) => {
      try {
        const answer = await fetchForPage(SOURCE_PATHS[source](service), {
          schema: listAnswerSchema(namedSchema),
          returnTo,
          query: { page: 1, pageSize: 100, sort: 'name', order: 'asc' },
        });
        return [
          source,
          answer.data.map((row) => ({
            value: row.id,
            label: row.name ?? row.shopName ?? row.id,
            literal: true,
            ...(row.areaId && source !== 'areas' && source !== 'placements' ? { area: row.areaId } : {}),
          })),
        ] as const;
      } catch (error) {
        if (isUpstreamError(error) && (error.status === 403 || error.status === 404 || error.status === 400)) return [source, []] as const;
        throw error;
      }
    }),
  );
  return Object.fromEntries(lists);
}

/** The options of a list's filters the user is offered (staff get no admin-only filter, so nothing is read for one). */
export async function listFilterOptions(service: string, module: ResourceModule, isAdmin: boolean, returnTo: string): Promise<Record<string, Option[]>> {
  const shown = module.filters.filter((f) => f.optionsFrom && (isAdmin || !f.adminOnly));
  const sources = [...new Set(shown.map((f) => f.optionsFrom!))];
  const options = sources.length ? await fetchOptions(service, sources, returnTo) : {};
  return Object.fromEntries(shown.map((f) => [f.field, options[f.optionsFrom!] ?? []]));
}

/** Every option source a module's filters and form fields draw from (without the admin-only filters' for staff). */
export function optionSourcesOf(module: ResourceModule, isAdmin = true): OptionSource[] {
  const fromFilters = module.filters.flatMap((f) => (f.optionsFrom && (isAdmin || !f.adminOnly) ? [f.optionsFrom] : []));
  const fromFields = module.sections.flatMap((s) => s.fields.flatMap((f) => (f.optionsFrom ? [f.optionsFrom] : [])));
  return [...new Set([...fromFilters, ...fromFields])];
}
