import 'server-only';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import type { RouteDef, ServiceName } from '@/lib/routes';
import { PageFrame } from '../shell/page-frame';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { getDashboard } from './dashboard-data';
import { CountFigures, KpiFigures } from './kpi-figures';
import { AmountPerDay, OrdersPerDay } from './per-day-charts';
import { StatusChart } from './status-chart';
import { TopShops, type TopShopsProps } from './top-shops';

export interface DashboardViewProps {
  route: RouteDef;
  area: 'company' | ServiceName;
  pathname: string;
  shopHref?: TopShopsProps['shopHref'];
  /** Links in the header (the company dashboard's My services and Payment). */
  actions?: ReactNode;
}

/**
 * A dashboard: the headline figures, orders and their value per day, orders by status, the top shops and the area's
 * counts. Charts are SVG drawn on the server (no script). The company dashboard covers the whole company; a service
 * dashboard what the user's area holds (the upstream scopes both).
 */
export async function DashboardView({ route, area, pathname, shopHref = null, actions }: DashboardViewProps) {
  const [result, t] = await Promise.all([getDashboard(area, pathname), getTranslations('dashboard')]);
  const description = area === 'company' ? t('companyDescription') : t('serviceDescription', { service: area });
  const frame = (body: ReactNode) => (
    <PageFrame route={route} description={description} actions={actions}>
      {body}
    </PageFrame>
  );

  if (!result.ok) {
    return frame(
      <Card>
        <EmptyState title={t('unavailableTitle')} description={t('unavailableBody')} />
      </Card>,
    );
  }
  const { kpis, perDay, perStatus, topShops, counts } = result.dashboard;
  if (kpis.length === 0 && !perDay && !perStatus && !topShops && counts.length === 0) {
    return frame(
      <Card>
        <EmptyState title={t('emptyTitle')} description={t('emptyBody')} />
      </Card>,
    );
  }
  const hasOrderFigures = kpis.length > 0 || perDay || perStatus || topShops;
  return frame(
    <div className="space-y-6">
      {kpis.length > 0 && <KpiFigures kpis={kpis} />}
      {perDay && (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <OrdersPerDay points={perDay} />
          <AmountPerDay points={perDay} />
        </div>
      )}
      {(perStatus || topShops) && (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          {perStatus && <StatusChart counts={perStatus} />}
          {topShops && <TopShops shops={topShops} shopHref={shopHref} />}
        </div>
      )}
      {counts.length > 0 && <CountFigures counts={counts} titled={Boolean(hasOrderFigures)} />}
    </div>,
  );
}
