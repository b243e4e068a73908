import { PERMISSION_FLAGS, type PermissionFlag } from '@contract/resources/users';
import type { PermissionItem, PermissionList } from '@/lib/permissions';
import { SERVICE_ACTIONS, type ServiceActionPath } from '@contract/access';
import { ROUTES, type PermissionService } from '@/lib/routes';

/**
 * The permission matrix of a staff member: one row per permission name of their service's routes (from the route
 * registry, in menu order) × read, write, create, delete. What is saved is the difference from what was loaded.
 */
export { PERMISSION_FLAGS, type PermissionFlag };

export interface MatrixRow {
  /** The permission name (`Service Delivery Orders`). */
  name: string;
  /** Message key below `nav.` of the first route with that permission. */
  label: string;
  /** Menu group key below `navGroup.`, when that route is in a group. */
  group: string | null;
}

export type Flags = Record<PermissionFlag, boolean>;
/** The flags per permission name. */
export type Matrix = Record<string, Flags>;

const NONE: Flags = { read: false, write: false, create: false, delete: false };

/** The label and menu group of each action permission (contract/access `SERVICE_ACTION_PATHS`). */
const ACTION_LABELS: Record<ServiceActionPath, { label: string; group: string }> = {
  '/Wallet/Adjust': { label: 'walletAdjust', group: 'walletMonitoring' },
};

/**
 * The rows of a service's matrix: every permission name its routes use, once, in registry order, then the service's
 * action permissions (Wallet Adjust), which have no page of their own.
 */
export function matrixRows(service: PermissionService): MatrixRow[] {
  const seen = new Map<string, MatrixRow>();
  for (const route of ROUTES) {
    if (route.service !== service || route.permission === true || seen.has(route.permission)) continue;
    seen.set(route.permission, { name: route.permission, label: route.label, group: route.group ?? null });
  }
  for (const action of SERVICE_ACTIONS) {
    if (action.service === service) seen.set(action.permission, { name: action.permission, ...ACTION_LABELS[action.path] });
  }
  return [...seen.values()];
}

/** A permission list's entries of one service as a matrix over the given rows (an entry the list lacks is all off). */
export function matrixOf(list: PermissionList, service: PermissionService, rows: readonly MatrixRow[]): Matrix {
  const items = new Map<string, PermissionItem>((list.find((g) => g.services === service)?.data ?? []).map((item) => [item.name, item]));
  const out: Matrix = {};
  for (const row of rows) {
    const item = items.get(row.name);
    out[row.name] = item ? { read: item.read, write: item.write, create: item.create, delete: item.delete } : { ...NONE };
  }
  return out;
}

/** Sets one flag on every row (a column's select-all). */
export const setColumn = (matrix: Matrix, flag: PermissionFlag, value: boolean): Matrix =>
  Object.fromEntries(Object.entries(matrix).map(([name, flags]) => [name, { ...flags, [flag]: value }]));

/** Sets every flag of one row (a row's select-all). */
export const setRow = (matrix: Matrix, name: string, value: boolean): Matrix => ({
  ...matrix,
  [name]: { read: value, write: value, create: value, delete: value },
});

export const setFlag = (matrix: Matrix, name: string, flag: PermissionFlag, value: boolean): Matrix => ({
  ...matrix,
  [name]: { ...(matrix[name] ?? NONE), [flag]: value },
});

/** Whether every row has the flag, some do, or none. */
export function columnState(matrix: Matrix, flag: PermissionFlag): 'all' | 'some' | 'none' {
  const values = Object.values(matrix).map((f) => f[flag]);
  if (values.length > 0 && values.every(Boolean)) return 'all';
  return values.some(Boolean) ? 'some' : 'none';
}

export function rowState(flags: Flags | undefined): 'all' | 'some' | 'none' {
  const values = PERMISSION_FLAGS.map((flag) => flags?.[flag] === true);
  if (values.every(Boolean)) return 'all';
  return values.some(Boolean) ? 'some' : 'none';
}

export interface FlagChange {
  name: string;
  flag: PermissionFlag;
  from: boolean;
  to: boolean;
}

/** Every flag that differs between what was loaded and what is on screen, in row then column order. */
export function diffMatrix(before: Matrix, after: Matrix, rows: readonly MatrixRow[]): FlagChange[] {
  const out: FlagChange[] = [];
  for (const row of rows) {
    for (const flag of PERMISSION_FLAGS) {
      const from = before[row.name]?.[flag] === true;
      const to = after[row.name]?.[flag] === true;
      if (from !== to) out.push({ name: row.name, flag, from, to });
    }
  }
  return out;
}

/** The body of the permission PUT: the changed entries only, each with all four flags as they are on screen. */
export function changedEntries(service: PermissionService, after: Matrix, changes: readonly FlagChange[]): PermissionList {
  const names = [...new Set(changes.map((c) => c.name))];
  if (names.length === 0) return [];
  return [{ services: service, data: names.map((name) => ({ name, ...(after[name] ?? NONE) })) }];
}
