import type { ResourceContract } from '@contract/resource';
import { routesOfResource } from '@/lib/routes';
import type { ColumnDef, FilterDef, ResourceModule, SectionDef } from './kit';

/**
 * A screen is a declaration: the UI of a resource (columns, form sections, filter labels) on top of its wire contract
 * (contract/resources/*). The API path, the schemas the form and the BFF run, the sort fields, the default sort and
 * the add form's initial values all come from the contract; the routes come from the registry entries that name
 * the screen (`kit('slide')` in lib/routes.ts).
 */
export interface ScreenDecl {
  /** The key the registry names it by. */
  key: string;
  /** i18n namespace of its labels: `messages/resources/{namespace}/{locale}.json`. */
  namespace: string;
  /** The path it calls: the contract's (default) or one of the contract's aliases. */
  path?: string;
  /** A screen of the same rows whose restore page this one's Restore button opens, when the registry gives it none. */
  restorePageOf?: string;
  columns: readonly ColumnDef[];
  sections: readonly SectionDef[];
  /** Labels and controls of the contract's filters (each `field` must be a contract filter). */
  filters?: readonly FilterDef[];
  exportable?: boolean;
  /** The list's first view when the URL names none (default: the contract's). */
  defaultSort?: { sort: string; order: 'asc' | 'desc' };
  /** Initial values of the add form beyond the contract's defaults. */
  defaults?: Record<string, unknown>;
  /** The field that labels a row in the hand-ordering list (default `name`). */
  labelField?: string;
  /** Label and placeholder keys of the search box below the namespace (default: the kit's). */
  search?: { label: string; placeholder: string };
  /** Statuses the list's bulk bar can set on the selected rows (through the resource's status call). */
  bulkStatuses?: readonly string[];
  /** Panels beside the view page's form (see ResourceModule). */
  viewPanels?: ResourceModule['viewPanels'];
  /** A fee table's bands, for the fee preview (see ResourceModule). */
  bands?: ResourceModule['bands'];
}

/** The contract's default values (`.default(x)` fields), the add form's starting point. */
export function contractDefaults(contract: ResourceContract): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(contract.fields)) {
    const def = (schema as unknown as { _zod: { def: { type: string; defaultValue?: unknown } } })._zod.def;
    if (def.type === 'default') out[name] = typeof def.defaultValue === 'function' ? (def.defaultValue as () => unknown)() : def.defaultValue;
  }
  return out;
}

export function defineScreen(contract: ResourceContract, ui: ScreenDecl): ResourceModule {
  const path = ui.path ?? contract.path;
  if (path !== contract.path && !contract.aliases?.includes(path)) throw new Error(`defineScreen(${contract.name}): ${path} is not a path of the contract`);
  const routes = routesOfResource(ui.key);
  for (const f of ui.filters ?? []) {
    if (!Object.hasOwn(contract.filters, f.field)) throw new Error(`defineScreen(${contract.name}): ${f.field} is not a filter of the contract`);
  }
  return {
    key: ui.key,
    namespace: ui.namespace,
    api: path,
    scope: contract.scope,
    schemas: { row: contract.schemas.item, detail: contract.schemas.item, create: contract.schemas.create, update: contract.schemas.update },
    columns: ui.columns,
    filters: ui.filters ?? [],
    sortFields: [...contract.sort],
    defaultSort: ui.defaultSort ?? contract.defaultSort,
    sections: ui.sections,
    routes: { ...routes, restore: routes.restore ?? (ui.restorePageOf ? routesOfResource(ui.restorePageOf).restore : undefined) },
    exportable: ui.exportable ?? true,
    defaults: { ...contractDefaults(contract), ...ui.defaults },
    labelField: ui.labelField,
    bulkDelete: true,
    handOrder: contract.sortOrder ? { field: contract.sortOrder, label: ui.labelField ?? 'name', body: contract.schemas.sortBody } : undefined,
    search: ui.search,
    searchable: contract.search.length > 0,
    ...(ui.bulkStatuses ? { bulkStatuses: ui.bulkStatuses } : {}),
    ...(ui.viewPanels ? { viewPanels: ui.viewPanels } : {}),
    ...(ui.bands ? { bands: ui.bands } : {}),
  };
}
