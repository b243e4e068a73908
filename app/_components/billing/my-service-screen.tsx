import 'server-only';
import Link from 'next/link';
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { subscriptionSchema } from '@contract/resources/applications';
import { formatMoney } from '@/lib/format';
import { fetchData } from '@/lib/resources/server';
import { getPageCurrency } from '@/lib/server/currency';
import type { PageContext } from '@/lib/server/guard';
import { canOpen } from '../resource/access';
import { PageFrame } from '../shell/page-frame';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { Facts } from '../ui/facts';

const LIMITS = ['apps', 'areas', 'staff', 'shops'] as const;

/** My services: the company's plan and how much of each of its limits is used. */
export async function MyServiceScreen({ ctx, pathname }: { ctx: PageContext; pathname: string }) {
  const [t, format, locale, currency] = await Promise.all([getTranslations('billing.myService'), getFormatter(), getLocale(), getPageCurrency()]);
  const sub = await fetchData('/api/admin/MyService', subscriptionSchema, pathname);
  const facts: [string, string][] = sub.plan
    ? [
        [t('plan'), sub.plan],
        [t('services'), sub.services.join(', ')],
        [t('monthlyFee'), formatMoney(sub.monthlyFee, locale, currency)],
        [t('renewsOn'), format.dateTime(new Date(`${sub.renewsOn}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' })],
      ]
    : [];
  return (
    <PageFrame
      route={ctx.route}
      actions={
        canOpen(ctx, '/Payment') ? (
          <Link href="/Payment" className={buttonClasses({ variant: 'secondary' })}>
            {t('toPayment')}
          </Link>
        ) : undefined
      }
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('plan')}>{facts.length === 0 ? <p className="p-5 text-sm text-muted">{t('noPlan')}</p> : <Facts items={facts} />}</Card>
        <Card title={t('usage')}>
          <ul className="space-y-4 p-5" aria-label={t('usage')}>
            {LIMITS.map((key) => {
              const { used, max } = sub.limits[key];
              const share = max > 0 ? Math.min(100, Math.round((used / max) * 100)) : 100;
              return (
                <li key={key} data-limit={key}>
                  <div className="mb-1 flex justify-between text-sm">
                    <span className="font-medium">{t(key)}</span>
                    <span className="tabular-nums">
                      {t('of', { used: format.number(used), max: format.number(max) })}
                      {used >= max && <span className="ms-2 text-danger-text">{t('full')}</span>}
                    </span>
                  </div>
                  <div
                    role="meter"
                    aria-label={t(key)}
                    aria-valuemin={0}
                    aria-valuemax={max}
                    aria-valuenow={used}
                    className="h-2 overflow-hidden rounded-full bg-surface-muted"
                  >
                    <div className={used >= max ? 'h-full bg-danger' : 'h-full bg-primary'} style={{ width: `${share}%` }} />
                  </div>
                </li>
              );
            })}
          </ul>
        </Card>
      </div>
    </PageFrame>
  );
}
