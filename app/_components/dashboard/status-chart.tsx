import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { StatusCount } from '@/lib/dashboard/schema';
import { formatNumber } from '@/lib/format';
import { statusDef } from '@/lib/status';
import { Table } from '../ui/table';
import { ChartCard } from './chart-card';
import { Meter } from './meter';

/** Orders per current status, most first: one labelled bar per status, in the status's badge tone. */
export async function StatusChart({ counts }: { counts: StatusCount[] }) {
  const [t, status] = await Promise.all([getTranslations('dashboard'), getTranslations('status.orderEvent')]);
  const rows = counts.map((c) => {
    const def = statusDef('orderEvent', c.status);
    return { ...c, label: def ? status(def.key) : c.status, tone: def?.tone ?? 'neutral' };
  });
  const max = Math.max(0, ...rows.map((r) => r.count));
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  const first = rows[0];
  const title = t('perStatus.title');
  return (
    <ChartCard
      id="orders-per-status"
      title={title}
      description={t('perStatus.description')}
      empty={!first}
      summary={first ? t('perStatus.summary', { total: formatNumber(total), status: first.label, count: formatNumber(first.count) }) : undefined}
      table={
        <Table
          caption={title}
          scrollLabel={t('scroll')}
          rows={rows}
          rowKey={(r) => r.status}
          empty={t('noOrdersTitle')}
          columns={[
            { key: 'status', header: t('columns.status'), cell: (r) => r.label },
            { key: 'count', header: t('columns.orders'), align: 'end', className: 'tabular-nums', cell: (r) => formatNumber(r.count) },
          ]}
        />
      }
    >
      <ul className="space-y-3">
        {rows.map((r) => (
          <li key={r.status}>
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="min-w-0 text-fg">{r.label}</span>
              <span className="shrink-0 text-fg-muted tabular-nums">{formatNumber(r.count)}</span>
            </div>
            <Meter value={r.count} max={max} tone={r.tone} className="mt-1" />
          </li>
        ))}
      </ul>
    </ChartCard>
  );
}
