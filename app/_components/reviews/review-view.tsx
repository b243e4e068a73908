import 'server-only';
import Link from 'next/link';
import { getTranslations, getTimeZone } from 'next-intl/server';
import { ratingItemSchema } from '@contract/resources/ratings';
import { formatDateTime } from '@/lib/format';
import { RESOURCES } from '@/lib/resources';
import { apiPath, pagePath } from '@/lib/resources/kit';
import { fetchData } from '@/lib/resources/server';
import { canAt } from '../resource/access';
import { PageFrame } from '../shell/page-frame';
import type { ScreenProps } from '../shell/screens';
import { StatusBadge } from '../ui/status-badge';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { Facts } from '../ui/facts';
import { Stars } from '../ui/stars';
import { ReviewVisibilityButton } from './review-visibility-button';

const STAR_ROWS = [5, 4, 3, 2, 1] as const;

/**
 * `/Review/View/{id}` and `/Review/Biker/View/{id}`: one member's review, the shop's (or biker's) average and star
 * distribution over its visible reviews, and Hide (with a reason) or Unhide for a user with the write flag.
 */
export async function ReviewViewScreen({ ctx, pathname }: ScreenProps) {
  const zone = await getTimeZone();
  const service = String(ctx.route.service);
  const res = RESOURCES[ctx.route.label === 'reviewBikerView' ? 'reviewBiker' : 'review'];
  const review = await fetchData(apiPath(service, res, ctx.params.id ?? ''), ratingItemSchema, pathname);
  const t = await getTranslations('review');
  const base = apiPath(service, res, review.id);
  // Hide and unhide are PATCH calls: the BFF and the Platform API both check `write`.
  const canChange = canAt(ctx, base, 'write');
  const summary = review.summary;
  const facts: [string, React.ReactNode][] = [
    [t('fields.createdAt'), formatDateTime(review.createdAt, zone)],
    [
      t('fields.orderNo'),
      <span key="o" className="font-mono">
        {review.orderNo}
      </span>,
    ],
    [t('fields.memberName'), review.memberName],
    [review.target === 'shop' ? t('fields.shopName') : t('fields.bikerName'), review.targetName],
    [t('fields.areaName'), review.areaName ?? ''],
    [t('fields.stars'), <Stars key="s" value={review.stars} />],
    [
      t('fields.comment'),
      review.comment || (
        <span key="c" className="text-fg-muted">
          {t('view.noComment')}
        </span>
      ),
    ],
    [t('fields.visibility'), <StatusBadge key="v" kind="reviewVisibility" value={review.visibility} />],
  ];
  if (review.hidden) {
    facts.push([t('fields.hiddenReason'), review.hiddenReason ?? '']);
    facts.push([t('fields.hiddenBy'), `${review.hiddenBy?.displayName ?? ''}${review.hiddenAt ? `, ${formatDateTime(review.hiddenAt, zone)}` : ''}`]);
  }
  return (
    <PageFrame
      route={ctx.route}
      title={t('view.title', { orderNo: review.orderNo })}
      actions={
        <>
          {canChange && <ReviewVisibilityButton path={base} hidden={review.hidden} orderNo={review.orderNo} />}
          <Link href={pagePath(service, res.routes.list)} className={buttonClasses({ variant: 'secondary' })}>
            {t('view.back')}
          </Link>
        </>
      }
    >
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <Card title={t('view.review')}>
          <Facts items={facts} />
        </Card>
        {summary && (
          <Card title={t('view.summaryTitle', { name: summary.targetName })}>
            <div className="space-y-3 p-5 text-sm" data-testid="review-summary">
              <p className="flex items-baseline gap-2">
                <span className="text-3xl font-semibold tabular-nums" data-testid="review-average">
                  {summary.average}
                </span>
                <Stars value={Number(summary.average)} />
              </p>
              <p className="text-fg-muted">{t('view.basedOn', { count: summary.count })}</p>
              <table className="w-full">
                <caption className="sr-only">{t('view.distribution')}</caption>
                <tbody>
                  {STAR_ROWS.map((n) => {
                    const c = summary.distribution[n];
                    const pct = summary.count === 0 ? 0 : Math.round((c * 100) / summary.count);
                    return (
                      <tr key={n}>
                        <th scope="row" className="w-12 py-1 text-start font-medium whitespace-nowrap">
                          {n} ★
                        </th>
                        <td className="py-1">
                          <div className="h-2 rounded bg-neutral-soft" aria-hidden="true">
                            <div className="h-2 rounded bg-warning" style={{ width: `${pct}%` }} />
                          </div>
                        </td>
                        <td className="w-12 py-1 text-end tabular-nums">{c}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              <p className="text-xs text-fg-muted">{t('view.hiddenExcluded')}</p>
            </div>
          </Card>
        )}
      </div>
    </PageFrame>
  );
}
