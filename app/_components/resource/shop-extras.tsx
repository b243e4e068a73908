import 'server-only';
import { getTranslations, getTimeZone } from 'next-intl/server';
import { formatDateTime } from '@/lib/format';
import { shopHistorySchema } from '@/lib/resources/shop';
import { fetchForPage } from '@/lib/server/page-fetch';
import { StatusBadge } from '../ui/status-badge';
import { Card } from '../ui/card';
import { ShopStatusChanger } from './shop-status-changer';
import { PackageTerm, packageTermOf } from '../accounts/package-term';

/** Beside the shop form: its status with the allowed changes, its package and its end, and the history of status changes (who, when, why). */
export async function ShopExtras({
  service,
  row,
  canWrite,
  canApprove,
  returnTo,
}: {
  service: string;
  row: Record<string, unknown>;
  canWrite: boolean;
  /** The approval right: without it, no move to `active` is offered. */
  canApprove: boolean;
  returnTo: string;
}) {
  const zone = await getTimeZone();
  const t = await getTranslations('shop');
  const tp = await getTranslations('accounts.packageTerm');
  const id = String(row.id);
  const history = await fetchForPage(`/api/admin/${service}/Shop/${encodeURIComponent(id)}/history`, { schema: shopHistorySchema, returnTo });
  return (
    <div className="space-y-4">
      <Card title={t('statusTitle')}>
        <div className="mb-3">
          <StatusBadge kind="account" value={String(row.status)} />
        </div>
        {canWrite && <ShopStatusChanger service={service} id={id} status={String(row.status)} version={Number(row.version)} canApprove={canApprove} />}
      </Card>
      <Card title={tp('title')}>
        <PackageTerm row={packageTermOf(row)} />
      </Card>
      <Card title={t('historyTitle')}>
        {history.data.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('historyEmpty')}</p>
        ) : (
          <ol className="space-y-3" aria-label={t('historyTitle')}>
            {history.data.map((entry, i) => (
              <li key={`${entry.at}-${i}`} className="border-s-2 border-line ps-3 text-sm">
                <div className="flex flex-wrap items-center gap-1">
                  {entry.from ? <StatusBadge kind="account" value={entry.from} /> : null}
                  {entry.from ? <span aria-hidden="true">→</span> : null}
                  <StatusBadge kind="account" value={entry.to} />
                </div>
                <p className="mt-1 text-fg-muted">{t('historyBy', { name: entry.by?.displayName ?? '–', at: formatDateTime(entry.at, zone) })}</p>
                {entry.reason ? <p className="mt-1 text-fg">{entry.reason}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
