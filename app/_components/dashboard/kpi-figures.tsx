import 'server-only';
import { getLocale, getTranslations } from 'next-intl/server';
import type { DashboardCount } from '@/lib/dashboard/counts';
import type { Kpi } from '@/lib/dashboard/model';
import { formatMoney, formatNumber } from '@/lib/format';
import { FigureGrid } from './figure-grid';
import { getPageCurrency } from '@/lib/server/currency';

/** Words of a field name, for a count the dictionaries do not name yet: `staffUsers` → `staff users`. */
function words(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** The headline figures: orders, money in baht (from satang), shops, bikers and members. */
export async function KpiFigures({ kpis }: { kpis: Kpi[] }) {
  const [t, locale, currency] = await Promise.all([getTranslations('dashboard'), getLocale(), getPageCurrency()]);
  const figures = kpis.map((k) => ({
    key: k.key,
    label: t(`kpi.${k.key}`),
    value: k.value,
    text: k.kind === 'money' ? formatMoney(k.value, locale, currency) : formatNumber(k.value),
    hint: t.has(`kpiHint.${k.key}`) ? t(`kpiHint.${k.key}`) : undefined,
  }));
  return (
    <section aria-labelledby="dashboard-kpis">
      <h2 id="dashboard-kpis" className="sr-only">
        {t('kpiTitle')}
      </h2>
      <FigureGrid figures={figures} testId="dashboard-kpis" />
    </section>
  );
}

/** The area's other counts (applications, areas, shops, members…). */
export async function CountFigures({ counts, titled }: { counts: DashboardCount[]; titled: boolean }) {
  const t = await getTranslations('dashboard');
  const figures = counts.map((c) => ({
    key: c.key,
    label: t.has(`metrics.${c.key}`) ? t(`metrics.${c.key}`) : words(c.key),
    value: c.value,
    text: formatNumber(c.value),
  }));
  return (
    <section aria-labelledby="dashboard-counts-title">
      <h2 id="dashboard-counts-title" className={titled ? 'mb-3 text-base font-semibold text-fg' : 'sr-only'}>
        {t('countsTitle')}
      </h2>
      <FigureGrid figures={figures} size={titled ? 'small' : 'large'} testId="dashboard-counts" />
    </section>
  );
}
