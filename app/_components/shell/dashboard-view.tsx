import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { RouteDef, ServiceName } from '@/lib/routes';
import { formatCompact, formatNumber } from '@/lib/format';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { getDashboardCounts } from './dashboard-data';
import { PageFrame } from './page-frame';

/** Words of a field name, for a count the dictionaries do not name yet: `staffUsers` → `staff users`. */
function words(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** A dashboard frame: page header, breadcrumbs and one card per count of the area's dashboard answer. */
export async function DashboardView({ route, area, pathname }: { route: RouteDef; area: 'company' | ServiceName; pathname: string }) {
  const [result, t] = await Promise.all([getDashboardCounts(area, pathname), getTranslations('shell.dashboard')]);
  const description = area === 'company' ? t('companyDescription') : t('serviceDescription', { service: area });

  return (
    <PageFrame route={route} description={description}>
      {!result.ok ? (
        <Card>
          <EmptyState title={t('unavailableTitle')} description={t('unavailableBody')} />
        </Card>
      ) : result.counts.length === 0 ? (
        <Card>
          <EmptyState title={t('emptyTitle')} description={t('emptyBody')} />
        </Card>
      ) : (
        <ul role="list" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="dashboard-counts">
          {result.counts.map((count) => {
            const label = t.has(`metrics.${count.key}`) ? t(`metrics.${count.key}`) : words(count.key);
            return (
              <li key={count.key}>
                <Card as="h2" title={label}>
                  <p className="text-3xl font-semibold text-fg">
                    <data value={count.value} title={formatNumber(count.value)}>
                      {formatCompact(count.value)}
                    </data>
                  </p>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </PageFrame>
  );
}
