import type { ApprovalKind } from '@contract/access';
import type { z } from 'zod';
import type { StatusDef, StatusKind } from '@/lib/status';

/**
 * How a list cell renders its value (`weight` is in gram; `count`: how many entries a list value has; `transaction`:
 * money signed by the row's `type`, minus for a withdrawal and plus for every other type; `percent`: basis points,
 * 1500 shown as 15%; `stars`: 1 to 5 as ★ characters with a spoken label; `documents`: `{kind, url, label?}[]` as links
 * opening in a new tab, pictures as thumbnails; `image`: a web address, an uploaded image's key or a list of keys, the
 * first shown as a thumbnail; `thumb` is the same).
 */
export type ColumnKind =
  'text' | 'money' | 'date' | 'status' | 'bool' | 'weight' | 'image' | 'thumb' | 'count' | 'transaction' | 'percent' | 'stars' | 'documents' | 'points';
/** How a list filter is chosen (`date`: a day, `YYYY-MM-DD`; `text`: typed, sent after a pause). */
export type FilterKind = 'select' | 'boolean' | 'text' | 'date';
/**
 * The input a form field renders (`multiSelect`: several of its options, a list of ids, with a filter box; `images`:
 * uploaded images' keys in order, `image`: one uploaded image's key or a web address, both uploaded as chosen).
 */
export type FieldKind =
  | 'text'
  | 'email'
  | 'tel'
  | 'password'
  | 'number'
  | 'money'
  | 'time'
  | 'select'
  | 'multiSelect'
  | 'checkbox'
  | 'percent'
  | 'latlng'
  | 'textarea'
  | 'url'
  | 'date'
  | 'rows'
  | 'images'
  | 'image';
/**
 * Reference lists a select can draw its options from (fetched by the page; `placements`: the company's areas, named with
 * their app; `productTypes`, `productCategories`: Marketplace's).
 */
export type OptionSource = 'packages' | 'types' | 'areas' | 'shops' | 'bikers' | 'placements' | 'productTypes' | 'productCategories';

export interface Option {
  value: string;
  /** Full message key (from the root), or a literal label when `literal`. */
  label: string;
  literal?: boolean;
  /** The area of the row it names (a shop's): a form that names an area offers only that area's options. */
  area?: string;
}

export interface ColumnDef {
  field: string;
  /** Message key below the module's namespace. */
  label: string;
  kind: ColumnKind;
  sortable?: boolean;
  /** The cell links to the row's view page. */
  link?: boolean;
  /** Badge kind of a `status` cell (default `account`). */
  statusKind?: StatusKind;
  /** The cell never wraps (codes such as order numbers). */
  nowrap?: boolean;
  /** The kind follows another field of the row (a voucher's amount: money when `fixed`, percent when `percent`). */
  kindBy?: { field: string; kinds: Record<string, ColumnKind> };
  /** The cell shows its value out of another field's (`3 / 10` uses of the limit). */
  of?: string;
  /** The cell shows a range from its value to another field's (a product's cheapest to dearest variant), one value when equal. */
  to?: string;
}

export interface FilterDef {
  field: string;
  label: string;
  kind: FilterKind;
  options?: readonly Option[];
  optionsFrom?: OptionSource;
  /** Only admins get it (staff are fixed to their own value by the upstream). */
  adminOnly?: boolean;
}

export interface FieldDef {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** Message key of the spec's hint shown under the control (below `spec.validation.`). */
  hint?: 'moreThan4' | 'limit50' | 'emailInvalid' | 'phoneInvalid' | 'gte25' | 'gte5' | 'thanMore24';
  options?: readonly Option[];
  optionsFrom?: OptionSource;
  /** Checked for availability as the user types. */
  availability?: 'email' | 'phone' | 'username';
  /** Only admins see and choose it (staff are forced to their own value upstream). */
  adminOnly?: boolean;
  /** Only shown on the add form. */
  createOnly?: boolean;
  /** Options that make the row active: offered only to who has the module's approval right (`ResourceModule.approval`). */
  approvalOptions?: readonly string[];
  /**
   * The input follows another field's value (a voucher's amount: `money` when `fixed`, `percent` when `percent`);
   * `percent` is typed in percent with up to 2 decimals and sent in basis points (12.5 → 1250).
   */
  kindBy?: { field: string; kinds: Record<string, FieldKind> };
  /** Shown (and sent) only while another field of the form has this value (`shopIds` when `target` is `shops`). */
  visibleWhen?: { field: string; equals: string };
  /**
   * A `rows` field: a list of rows edited as a table (add, remove), each with these fields; `add` is the add button's
   * message key; `limit` names the form field whose value completes an over-the-limit message.
   */
  rows?: {
    fields: readonly FieldDef[];
    add: string;
    limit?: string;
    /** A new row starts where the last one ends: `from` of the new row takes the last row's `to`. */
    chain?: { from: string; to: string };
  };
}

export interface SectionDef {
  title: string;
  fields: readonly FieldDef[];
}

/** The registry routes of a resource, as sub-paths below `/Service/{service}`. */
export interface ResourceRoutes {
  list: string;
  add?: string;
  /** The view page's prefix: `${view}/${id}`. */
  view?: string;
  restore?: string;
}

export interface ResourceSchemas {
  row: z.ZodType;
  detail: z.ZodType;
  create: z.ZodType;
  update: z.ZodType;
}

/** One business resource's screen, as `defineScreen` (screen.ts) builds it from its contract and its UI: its list, form, endpoints and messages. */
export interface ResourceModule {
  key: string;
  /** i18n namespace of its labels. */
  namespace: string;
  /** API path relative to the service: `/api/admin/{service}/{api}` (an area resource) or `/api/admin/{api}` (a company one). */
  api: string;
  /** Where its rows live: in a service's areas (the default; pages below `/Service/{service}`) or the company area. */
  scope?: 'area' | 'company';
  schemas: ResourceSchemas;
  columns: readonly ColumnDef[];
  filters: readonly FilterDef[];
  sortFields: readonly string[];
  defaultSort: { sort: string; order: 'asc' | 'desc' };
  sections: readonly SectionDef[];
  routes: ResourceRoutes;
  /** Statuses offered for a bulk status change. */
  bulkStatuses?: readonly string[];
  /** The approval right (contract/access/approval.ts) a move to `active` needs: without it no screen offers one. */
  approval?: ApprovalKind;
  /** Export CSV of the current list is offered. */
  exportable?: boolean;
  /** Initial values of the add form. */
  defaults: Record<string, unknown>;
  /** Message key of the list's title below the namespace (default `title`). */
  titleKey?: string;
  /** Label and placeholder keys of the search box below the namespace (default: the kit's name search). */
  search?: { label: string; placeholder: string };
  /** The list has a search box (default); false when nothing of a row is searched. */
  searchable?: boolean;
  /** Rows are not created, edited or deleted from the list (no Add, no bulk actions, no generic body checks). */
  readOnly?: boolean;
  /** One record (an app's or the company's settings): read and saved at the API path itself (`PUT {api}`). */
  single?: boolean;
  /** The field that names a row (titles, confirmations, restore buttons); default `name`. */
  labelField?: string;
  /** Several rows are deleted in one call (`DELETE {api}?ids=…`). */
  bulkDelete?: boolean;
  /** Rows are ordered by hand: `field` numbered 1…n by `PUT {api}/Sort`, rows labelled by `label`. */
  handOrder?: { field: string; label: string; body: z.ZodType };
  /** The add and view pages' form: the kit's form of `sections` (default), or `week`: one row's opening hours, day by day. */
  form?: 'sections' | 'week';
  /**
   * A settings record kept for all areas and for each area (`?areaId=` on its path): its settings page offers the
   * app's areas, and an area's record is read and saved with the area's id.
   */
  perArea?: boolean;
  /**
   * Panels beside the view page's form: `shopStatus` (the status, its changes and their history), `feePreview` (what
   * a distance or a weight costs by the saved bands; needs `bands`), `resetPassword` (sends the person a one-time
   * reset code), `permissionMatrix` (a staff member's flags, below the form), `voucherUses` (a voucher's uses and
   * what it has cost, below the form), `announcementSend` (a message's progress and send now / schedule / cancel), `settingHistory` (a settings page's changes: who, when, field, before → after).
   */
  viewPanels?: readonly ('shopStatus' | 'feePreview' | 'resetPassword' | 'permissionMatrix' | 'voucherUses' | 'settingHistory' | 'announcementSend')[];
  /** Only a root administrator adds, edits or deletes its rows (the company's administrators); others read them. */
  rootOnly?: boolean;
  /** Its rows are never deleted here (the company's apps): no Delete button, no bulk delete. */
  undeletable?: boolean;
  /** A call of its own in the list's header, for users with `create`: `grantPoints` gives a member points. */
  listAction?: 'grantPoints';
  /**
   * Actions on a row of the list: `confirmPending` confirms a Pending wallet transaction after a prompt (PATCH
   * `{api}/{id}/confirm`); a `RowActionDef` is any call on the row after a confirmation (revoke a session).
   */
  rowActions?: readonly ('confirmPending' | RowActionDef)[];
  /**
   * Where the row actions go when the list reads its rows from another path (`{actionApi}/{id}/confirm`): one wallet's
   * transactions are read under Wallet Balance and confirmed under Wallet Monitoring. Default: `api`.
   */
  actionApi?: string;
  /** A fee table's bands (contract/fee-bands.ts): their keys and the measure they take. */
  bands?: { keys: { start: string; end: string; limit: string }; measure: 'distance' | 'weight'; unitField?: string };
  /**
   * Other lists on the same page, each a tab whose state is in the URL (`?tab={key}`): the module (by its key in
   * RESOURCES) whose rows it lists. The tabs are labelled by each module's title; the page's own list comes first.
   */
  tabs?: readonly { key: string; resource: string }[];
  /** The list reads itself again when its live channel (`lib/server/live-channels.ts`) carries an event. */
  live?: string;
}

/**
 * A call on one row after a confirmation dialog. Its words are the module's messages `actions.{key}.button`, `.title`,
 * `.body` and `.done` (the row's text and number fields as values); the button shows when the user has the flag of the
 * method (POST create, PATCH write, DELETE delete) and the row matches `when`.
 */
export interface RowActionDef {
  key: string;
  method: 'POST' | 'PATCH' | 'DELETE';
  /** Below the module's API path; `{field}` is the row's value of that field (`{id}/revoke`, `user/{uid}/revoke`). */
  path: string;
  when?: { field: string; equals: string | number | boolean };
  tone?: 'primary' | 'danger';
  /** The call's body (default `{}`): fixed values, and `{ field }` for the row's value of a field (its `version`). */
  body?: Record<string, string | number | boolean | { field: string }>;
}

/** The body of a row action with the row's values filled in. */
export function rowActionBody(action: Pick<RowActionDef, 'body'>, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(action.body ?? {}).map(([k, v]) => [k, typeof v === 'object' ? row[v.field] : v]));
}

/** The API path of a row action with the row's values filled in. */
export function rowActionPath(base: string, action: Pick<RowActionDef, 'path'>, row: Record<string, unknown>): string {
  return `${base}/${action.path.replace(/\{(\w+)\}/g, (_, field: string) => encodeURIComponent(String(row[field] ?? '')))}`;
}

/** Whether a row action applies to a row. */
export const rowActionApplies = (action: Pick<RowActionDef, 'when'>, row: Record<string, unknown>) =>
  !action.when || row[action.when.field] === action.when.equals;

/**
 * A column as the list's client parts get it: a status cell's badges (label key and tone by value) come resolved from
 * the server (`listColumns` in `list-view.ts`), so the browser needs no status table.
 */
export interface ListColumn extends ColumnDef {
  statuses?: Readonly<Record<string, StatusDef>>;
}

/** What the list's client parts need of a module: plain data the server hands over (no schemas, so no zod in the list's bundle). */
export type ListView = Pick<
  ResourceModule,
  'key' | 'namespace' | 'api' | 'scope' | 'bulkStatuses' | 'bulkDelete' | 'titleKey' | 'defaultSort' | 'rowActions' | 'actionApi'
> & { columns: readonly ListColumn[] };

/** The text that names a row: its label field, else `name`, else the id. */
export const rowLabel = (module: Pick<ResourceModule, 'labelField'>, row: Record<string, unknown>): string =>
  String(row[module.labelField ?? 'name'] ?? row.name ?? row.id ?? '');

/** API path of a resource for a service, e.g. `/api/admin/Delivery/Shop`; a company resource's has no service. */
export function apiPath(service: string, module: Pick<ResourceModule, 'api' | 'scope'>, ...rest: (string | number)[]): string {
  const tail = rest.map((p) => encodeURIComponent(String(p))).join('/');
  const base = module.scope === 'company' ? `/api/admin/${module.api}` : `/api/admin/${service}/${module.api}`;
  return `${base}${tail ? `/${tail}` : ''}`;
}

/** Page path of a resource route for a service; `''` for the company area (its routes are full paths). */
export function pagePath(service: string, subPath: string, id?: string): string {
  return `${service ? `/Service/${service}` : ''}${subPath}${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;
}
