'use client';

import { useTimeZone, useTranslations } from 'next-intl';
import type { MonitorBiker, MonitorTask } from '@/lib/monitor/schema';
import { formatNumber } from '@/lib/format';
import { Badge } from '../ui/badge';
import { StatusBadge } from '../ui/status-badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Table, type Column } from '../ui/table';
import { when } from './when';

interface BikerTableProps {
  /** The bikers the filters let through, in board order. */
  rows: readonly MonitorBiker[];
  /** How many bikers there are before filtering. */
  total: number;
  canAssign: boolean;
  selectedId: string | null;
  onSelect: (biker: MonitorBiker) => void;
  onReassign: (biker: MonitorBiker, task: MonitorTask) => void;
}

/** Every biker in scope with presence, assignment, current tasks and last position. */
export function BikerTable({ rows, total, canAssign, selectedId, onSelect, onReassign }: BikerTableProps) {
  const t = useTranslations('monitor.bikers');
  const zone = useTimeZone();
  const columns: Column<MonitorBiker>[] = [
    {
      key: 'biker',
      header: t('colBiker'),
      cell: (b) => (
        <button type="button" className="text-start" onClick={() => onSelect(b)} aria-pressed={selectedId === b.id}>
          <span className={selectedId === b.id ? 'font-semibold text-primary-text' : 'font-medium'}>{b.name}</span>
          <span className="block text-xs text-fg-muted">{[b.phone, b.areaName].filter(Boolean).join(' · ')}</span>
        </button>
      ),
    },
    { key: 'presence', header: t('colPresence'), cell: (b) => <StatusBadge kind="presence" value={b.presence} /> },
    { key: 'assignment', header: t('colAssignment'), cell: (b) => <StatusBadge kind="assignment" value={b.assigned ? 'assigned' : 'not assigned'} /> },
    {
      key: 'tasks',
      header: t('colTasks'),
      cell: (b) =>
        b.tasks.length === 0 ? (
          <span className="text-fg-muted">{t('noTasks')}</span>
        ) : (
          <ul className="space-y-1">
            {b.tasks.map((task) => (
              <li key={task.id} className="flex flex-wrap items-center gap-2" data-order-no={task.orderNo}>
                <span className="font-medium">{task.orderNo}</span>
                <StatusBadge kind="orderEvent" value={task.status} />
                {task.offered && <Badge tone="warning">{t('offered')}</Badge>}
                {canAssign && task.changeable && (
                  <Button size="sm" variant="ghost" onClick={() => onReassign(b, task)} aria-label={t('reassignOrder', { orderNo: task.orderNo })}>
                    {t('reassign')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ),
    },
    {
      key: 'position',
      header: t('colPosition'),
      cell: (b) =>
        b.lat === null || b.lng === null ? (
          <span className="text-fg-muted">{t('noPosition')}</span>
        ) : (
          <span className="whitespace-nowrap">
            {formatNumber(b.lat, 5)}, {formatNumber(b.lng, 5)}
            {when(b.positionAt, zone) && <span className="block text-xs text-fg-muted">{when(b.positionAt, zone)}</span>}
          </span>
        ),
    },
  ];
  return (
    <Card title={t('title')} description={t('shown', { shown: rows.length, total })}>
      <Table caption={t('title')} columns={columns} rows={rows} rowKey={(b) => b.id} empty={t('empty')} scrollLabel={t('title')} />
    </Card>
  );
}
