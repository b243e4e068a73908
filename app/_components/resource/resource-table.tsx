'use client';

import { loadChunk } from '@/lib/chunk-load';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { apiPath, rowActionApplies, rowActionPath, type ListView } from '@/lib/resources/kit';
import { hrefWith, type ListQuery } from '@/lib/resources/list-url';
import { cn } from '../ui/cn';
import { cellClass } from './cell-class';
import { CellValue } from './cell-value';

/** The bulk actions (and their confirm dialog) load with the first selection. */
/** The first column stays in view while a wide list scrolls sideways (its edge marked by a shadow). */
const STICKY_FIRST = 'sticky z-10 shadow-[inset_-1px_0_0_var(--line)]';

const BulkBar = dynamic(() => loadChunk(() => import('./bulk-bar').then((m) => m.BulkBar)), { ssr: false });
/** The confirm prompt of a pending transaction loads on a list that offers it. */
const ConfirmPending = dynamic(() => loadChunk(() => import('./confirm-pending').then((m) => m.ConfirmPending)));
/** So does a module's confirmed call on a row (revoke a session). */
const ConfirmRowAction = dynamic(() => loadChunk(() => import('./confirm-row-action').then((m) => m.ConfirmRowAction)));

const METHOD_FLAG = { POST: 'create', PATCH: 'write', DELETE: 'delete' } as const;

interface ResourceTableProps {
  view: ListView;
  service: string;
  pathname: string;
  query: ListQuery;
  rows: Record<string, unknown>[];
  /** Href of a row's page, by id (view page, or the list with `edit`). */
  rowHrefs: Record<string, string>;
  canWrite: boolean;
  canDelete: boolean;
  /** The row actions (`rowActions`) are offered: the user has the write flag, read-only list or not. */
  canAct?: boolean;
  /** The user's flags on the module's API, for the row actions of each method. */
  flags?: { create: boolean; write: boolean; delete: boolean };
}

/** The list table: sortable headers (links keeping the view), row links opening in a new tab, bulk selection. */
export function ResourceTable({ view: res, service, pathname, query, rows, rowHrefs, canWrite, canDelete, canAct = false, flags }: ResourceTableProps) {
  const t = useTranslations('resource');
  const tm = useTranslations(res.namespace);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const ids = rows.map((r) => String(r.id));
  const bulk = (canWrite && (res.bulkStatuses?.length ?? 0) > 0) || canDelete;
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const actions = (res.rowActions?.length ?? 0) > 0;
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div>
      {bulk && selected.size > 0 && (
        <BulkBar
          view={res}
          service={service}
          ids={[...selected]}
          canWrite={canWrite}
          canDelete={canDelete}
          onDone={(keep) => setSelected(new Set(keep ?? []))}
        />
      )}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={tm(res.titleKey ?? 'title')}>
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{tm(res.titleKey ?? 'title')}</caption>
          <thead>
            <tr className="border-b border-line bg-surface-muted">
              {bulk && (
                <th scope="col" className="sticky start-0 z-10 w-10 bg-surface-muted px-4 py-3">
                  <input
                    type="checkbox"
                    aria-label={t('selectAll')}
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(ids))}
                    className="size-4 accent-primary-strong"
                  />
                </th>
              )}
              {res.columns.map((c, index) => {
                const active = query.sort === c.field;
                const nextOrder = active && query.order === 'asc' ? 'desc' : 'asc';
                return (
                  <th
                    key={c.field}
                    scope="col"
                    aria-sort={active ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined}
                    className={cn(
                      'px-4 py-3 text-start text-xs font-semibold tracking-wide text-fg-muted uppercase',
                      index === 0 && cn(STICKY_FIRST, bulk ? 'start-10' : 'start-0', 'bg-surface-muted'),
                    )}
                  >
                    {c.sortable ? (
                      <Link
                        href={hrefWith(pathname, query, { sort: c.field, order: nextOrder }, res)}
                        className="inline-flex items-center gap-1 hover:text-fg"
                        scroll={false}
                      >
                        {tm(c.label)}
                        <span aria-hidden="true">{active ? (query.order === 'asc' ? '▲' : '▼') : '↕'}</span>
                      </Link>
                    ) : (
                      tm(c.label)
                    )}
                  </th>
                );
              })}
              {actions && (
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">{t('actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const id = String(row.id);
              return (
                <tr key={id} className={cn('border-b border-line last:border-b-0 hover:bg-surface-muted/60', selected.has(id) && 'bg-primary-soft/40')}>
                  {bulk && (
                    <td className="sticky start-0 z-10 bg-surface px-4 py-3">
                      <input
                        type="checkbox"
                        aria-label={t('selectRow', { name: String(row.name ?? row.shopName ?? id) })}
                        checked={selected.has(id)}
                        onChange={() => toggle(id)}
                        className="size-4 accent-primary-strong"
                      />
                    </td>
                  )}
                  {res.columns.map((c, index) => (
                    <td
                      key={c.field}
                      className={cn(
                        'px-4 py-3 align-middle text-fg',
                        cellClass(c, row),
                        c.nowrap && 'whitespace-nowrap',
                        index === 0 && cn(STICKY_FIRST, bulk ? 'start-10' : 'start-0', 'bg-surface'),
                      )}
                    >
                      {c.link && rowHrefs[id] ? (
                        <a
                          href={rowHrefs[id]}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="font-medium text-primary-text underline-offset-2 hover:underline"
                        >
                          <CellValue column={c} value={row[c.field]} row={row} />
                          <span className="sr-only"> ({t('opensInNewTab')})</span>
                        </a>
                      ) : (
                        <CellValue column={c} value={row[c.field]} row={row} />
                      )}
                    </td>
                  ))}
                  {actions && (
                    <td className="space-x-2 px-4 py-3 text-end whitespace-nowrap">
                      {res.rowActions?.map((action) =>
                        typeof action === 'object' && flags?.[METHOD_FLAG[action.method]] && rowActionApplies(action, row) ? (
                          <ConfirmRowAction
                            key={action.key}
                            action={action}
                            namespace={res.namespace}
                            path={rowActionPath(apiPath(service, { api: res.actionApi ?? res.api, scope: res.scope }), action, row)}
                            row={row}
                          />
                        ) : null,
                      )}
                      {canAct && row.status === 'Pending' && res.rowActions?.includes('confirmPending') && (
                        <ConfirmPending path={`${apiPath(service, { api: res.actionApi ?? res.api, scope: res.scope }, id)}/confirm`} row={row} />
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
