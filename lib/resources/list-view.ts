import 'server-only';
import { STATUSES } from '@/lib/status';
import type { ColumnDef, ListColumn, ListView, ResourceModule } from './kit';

/** Whether a column can render as a status badge (its own kind, or a kind it takes from another field). */
const showsStatus = (c: ColumnDef) => c.kind === 'status' || Object.values(c.kindBy?.kinds ?? {}).includes('status');

/** The columns with each status cell's badges resolved (its `statusKind`, `account` by default). */
export const listColumns = (columns: readonly ColumnDef[]): ListColumn[] =>
  columns.map((c) => (showsStatus(c) ? { ...c, statuses: STATUSES[c.statusKind ?? 'account'] } : c));

/** The list's view; without the approval right (`approve` false) its bulk statuses leave `active` out. */
export const listViewOf = (m: ResourceModule, approve = true): ListView => ({
  key: m.key,
  namespace: m.namespace,
  api: m.api,
  scope: m.scope,
  columns: listColumns(m.columns),
  bulkStatuses: approve ? m.bulkStatuses : m.bulkStatuses?.filter((s) => s !== 'active'),
  bulkDelete: m.bulkDelete,
  titleKey: m.titleKey,
  defaultSort: m.defaultSort,
  rowActions: m.rowActions,
  actionApi: m.actionApi,
});
