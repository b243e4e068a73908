import type { ApprovalKind } from '@contract/access';
import { z } from 'zod';
import { listQuerySchema } from '@contract/list';
import { isFlatContract, type ResourceContract, type ResourceContractBase } from '@contract/resource';
import { routesOfResource } from '@/lib/routes';
import type { ColumnDef, FilterDef, ResourceModule, ResourceRoutes, SectionDef } from './kit';

/**
 * A screen is a declaration: the UI of a resource (columns, form sections, filter labels) on top of its wire contract
 * (contract/resources/*). The API path, the schemas the form and the BFF run, the sort fields, the default sort and
 * the add form's initial values all come from the contract; the routes come from the registry entries that name
 * the screen (`kit('slide')` in lib/routes.ts, or a dedicated screen's `screen('orderView', 'orders')`). A contract
 * without a create and an update gives a read-only list (the registrations' approval list), one with an update alone
 * a settings record (`kit('configShop', 'config')`).
 */
export interface ScreenDecl {
  /** The key the registry names it by. */
  key: string;
  /** i18n namespace of its labels: `messages/resources/{namespace}/{locale}.json`. */
  namespace: string;
  /** The path it calls: the contract's (default), one of its aliases or one of its parts (`OrdersMessenger`). */
  path?: string;
  /**
   * The screen whose page shows this one (the company's particulars above its offices, a tab's list), when no registry
   * entry names it: its list page is that screen's.
   */
  partOf?: string;
  /** Message key of the list's title below the namespace (default `title`), when screens share a namespace. */
  titleKey?: string;
  /** A screen of the same rows whose restore page this one's Restore button opens, when the registry gives it none. */
  restorePageOf?: string;
  /** The list's columns (none for a settings record). */
  columns?: readonly ColumnDef[];
  /** The form's sections (none for a read-only list). */
  sections?: readonly SectionDef[];
  /** The add and view pages' form: the sections (default) or `week`, one row's opening hours day by day. */
  form?: 'week';
  /** Labels and controls of the contract's filters (each `field` must be a contract filter). */
  filters?: readonly FilterDef[];
  /** The fields the list sorts by (default: the contract's); where the contract names them, some of those. */
  sortFields?: readonly string[];
  /** The list's first view when the URL names none (default: the contract's). */
  defaultSort?: { sort: string; order: 'asc' | 'desc' };
  /** Initial values of the add form beyond the contract's defaults. */
  defaults?: Record<string, unknown>;
  /** The field that labels a row in the hand-ordering list (default `name`). */
  labelField?: string;
  /**
   * Label and placeholder keys of the search box below the namespace (default: the kit's); `false`: no search box,
   * though the contract's list searches (one list of several on a contract that has nothing to look for).
   */
  search?: { label: string; placeholder: string } | false;
  /** Statuses the list's bulk bar can set on the selected rows (through the resource's status call). */
  bulkStatuses?: readonly string[];
  /** The approval right a move to `active` needs (contract/access/approval.ts). */
  approval?: ApprovalKind;
  /** Panels beside the view page's form (see ResourceModule). */
  viewPanels?: ResourceModule['viewPanels'];
  /** A settings record for all areas and for each area (see ResourceModule). */
  perArea?: boolean;
  /** A fee table's bands, for the fee preview (see ResourceModule). */
  bands?: ResourceModule['bands'];
  /** Only a root administrator changes its rows (see ResourceModule). */
  rootOnly?: boolean;
  /** Calls on a row after a confirmation (see ResourceModule). */
  rowActions?: ResourceModule['rowActions'];
  /** Its rows are never deleted here (see ResourceModule). */
  undeletable?: boolean;
  /** Other lists on the same page, as tabs (see ResourceModule). */
  tabs?: ResourceModule['tabs'];
  /** A hand-written contract whose API serves `{path}/export` (CSV of the list's query), as mountCrud's does. */
  exportable?: boolean;
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

/** The default view of a contract that has no list (a settings record): the latest change first. */
const NO_LIST_SORT = { sort: 'updatedAt', order: 'desc' } as const;
/** The body schema of a write a read-only resource does not take. */
const NO_WRITE = z.never();
/** The parameters every list query takes; a hand-written contract's other query parameters are its filters. */
const LIST_PARAMS = new Set(Object.keys(listQuerySchema(['createdAt'], {}).shape));

/** The filters a contract's list takes: the declared ones, or those its query schema adds to every list's. */
function filterNamesOf(contract: ResourceContractBase): string[] {
  if (isFlatContract(contract)) return Object.keys(contract.filters);
  const query = contract.schemas.query;
  return query instanceof z.ZodObject ? Object.keys(query.shape).filter((k) => !LIST_PARAMS.has(k)) : [];
}

export function defineScreen(contract: ResourceContractBase, ui: ScreenDecl): ResourceModule {
  const fail = (what: string) => new Error(`defineScreen(${contract.name}): ${what}`);
  const path = ui.path ?? contract.path;
  const paths = [contract.path, ...(contract.aliases ?? []), ...(contract.parts ?? [])];
  if (!paths.includes(path)) throw fail(`${path} is not a path of the contract`);
  const { item, detail, create, update } = contract.schemas;
  if (create && !update) throw fail('a contract with a create needs an update');
  const readOnly = !create && !update;
  const single = !create && Boolean(update);
  // A flat contract's API is mountCrud's whole set: bulk delete, the CSV export, hand ordering by its sortOrder.
  const flat = isFlatContract(contract) ? contract : null;
  const routes: ResourceRoutes = ui.partOf ? { list: routesOfResource(ui.partOf).list } : routesOfResource(ui.key);
  const filterNames = filterNamesOf(contract);
  for (const f of ui.filters ?? []) {
    if (!filterNames.includes(f.field)) throw fail(`${f.field} is not a filter of the contract`);
  }
  const sortable = contract.sort;
  const unsortable = sortable && ui.sortFields?.find((field) => !sortable.includes(field));
  if (unsortable) throw fail(`${unsortable} is not a sort field of the contract`);
  return {
    key: ui.key,
    namespace: ui.namespace,
    api: path,
    scope: contract.scope,
    schemas: { row: item, detail: detail ?? item, create: create ?? update ?? NO_WRITE, update: update ?? NO_WRITE },
    columns: ui.columns ?? [],
    filters: ui.filters ?? [],
    sortFields: [...(ui.sortFields ?? contract.sort ?? [])],
    defaultSort: ui.defaultSort ?? contract.defaultSort ?? NO_LIST_SORT,
    sections: ui.sections ?? [],
    routes: { ...routes, restore: routes.restore ?? (ui.restorePageOf ? routesOfResource(ui.restorePageOf).restore : undefined) },
    exportable: flat !== null || ui.exportable === true,
    defaults: { ...(flat ? contractDefaults(flat) : {}), ...ui.defaults },
    labelField: ui.labelField,
    bulkDelete: flat !== null,
    handOrder: flat?.sortOrder ? { field: flat.sortOrder, label: ui.labelField ?? 'name', body: flat.schemas.sortBody } : undefined,
    search: ui.search || undefined,
    searchable: ui.search !== false && (contract.search?.length ?? 0) > 0,
    ...(readOnly ? { readOnly: true } : {}),
    ...(single ? { single: true } : {}),
    ...(ui.titleKey ? { titleKey: ui.titleKey } : {}),
    ...(ui.form ? { form: ui.form } : {}),
    ...(ui.bulkStatuses ? { bulkStatuses: ui.bulkStatuses } : {}),
    ...(ui.approval ? { approval: ui.approval } : {}),
    ...(ui.viewPanels ? { viewPanels: ui.viewPanels } : {}),
    ...(ui.perArea ? { perArea: true } : {}),
    ...(ui.bands ? { bands: ui.bands } : {}),
    ...(ui.rootOnly ? { rootOnly: true } : {}),
    ...(ui.rowActions ? { rowActions: ui.rowActions } : {}),
    ...(ui.undeletable ? { undeletable: true } : {}),
    ...(ui.tabs ? { tabs: ui.tabs } : {}),
  };
}
