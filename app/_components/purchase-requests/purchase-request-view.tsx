import 'server-only';
import Link from 'next/link';
import { getLocale, getTranslations, getTimeZone } from 'next-intl/server';
import { imagePath, thumbPath } from '@contract/image-paths';
import { purchaseRequestItemSchema } from '@contract/resources/purchase-request';
import { formatDateTime, formatMoney } from '@/lib/format';
import { RESOURCES } from '@/lib/resources';
import { apiPath, pagePath } from '@/lib/resources/kit';
import { fetchData } from '@/lib/resources/server';
import { getPageCurrency } from '@/lib/server/currency';
import { canAt } from '../resource/access';
import { PageFrame } from '../shell/page-frame';
import type { ScreenProps } from '../shell/screens';
import { StatusBadge } from '../ui/status-badge';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { Facts } from '../ui/facts';
import { PurchaseRequestAnswer } from './purchase-request-answer';

/**
 * `/Request/Buy/View/{id}`: one member's purchase request (the member, what they ask for, its images) and its answer;
 * a user with the write flag quotes a price (an open request) or closes it (open or quoted), each after a confirmation.
 */
export async function PurchaseRequestViewScreen({ ctx, pathname }: ScreenProps) {
  const zone = await getTimeZone();
  const service = String(ctx.route.service);
  const res = RESOURCES.purchaseRequest;
  const [request, t, locale, currency] = await Promise.all([
    fetchData(apiPath(service, res, ctx.params.id ?? ''), purchaseRequestItemSchema, pathname),
    getTranslations('purchaseRequest'),
    getLocale(),
    getPageCurrency(),
  ]);
  const base = apiPath(service, res, request.id);
  // Quote and Close are PATCH calls: the BFF and the Platform API both check `write`.
  const canAnswer = canAt(ctx, base, 'write') && request.state !== 'closed';
  const muted = (text: string) => <span className="text-fg-muted">{text}</span>;
  const requestFacts: [string, React.ReactNode][] = [
    [t('fields.createdAt'), formatDateTime(request.createdAt, zone)],
    [t('fields.memberName'), request.memberName],
    [t('fields.memberPhone'), request.memberPhone || muted('—')],
    [t('fields.area'), request.areaName ?? ''],
    [t('fields.title'), request.title],
    [t('fields.detail'), request.detail ? <span className="whitespace-pre-line">{request.detail}</span> : muted(t('view.noDetail'))],
    [t('fields.quantity'), String(request.quantity)],
    [t('fields.state'), <StatusBadge key="s" kind="purchaseRequest" value={request.state} />],
  ];
  const answerFacts: [string, React.ReactNode][] = [
    [t('fields.quotePrice'), request.quotePrice == null ? muted('—') : formatMoney(request.quotePrice, locale, currency)],
    [t('fields.answer'), request.answer ? <span className="whitespace-pre-line">{request.answer}</span> : muted(t('view.noAnswer'))],
    [
      t('fields.answeredBy'),
      request.answeredBy ? `${request.answeredBy.displayName}${request.answeredAt ? `, ${formatDateTime(request.answeredAt, zone)}` : ''}` : muted('—'),
    ],
  ];
  return (
    <PageFrame
      route={ctx.route}
      title={t('view.title', { title: request.title })}
      actions={
        <Link href={pagePath(service, res.routes.list)} className={buttonClasses({ variant: 'secondary' })}>
          {t('view.back')}
        </Link>
      }
    >
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="space-y-4">
          <Card title={t('view.request')}>
            <Facts items={requestFacts} />
          </Card>
          <Card title={t('fields.images')}>
            {request.images.length === 0 ? (
              <p className="p-5 text-sm text-fg-muted">{t('view.noImages')}</p>
            ) : (
              <ul className="flex flex-wrap gap-3 p-5" data-testid="request-images">
                {request.images.map((key, i) => (
                  <li key={key}>
                    <a href={imagePath(key)} target="_blank" rel="noreferrer">
                      {/* eslint-disable-next-line @next/next/no-img-element -- served by the portal's image route, sized by the store */}
                      <img
                        src={thumbPath(key)}
                        alt={t('view.imageAlt', { n: i + 1 })}
                        loading="lazy"
                        className="h-24 w-32 rounded border border-line object-cover"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
        <div className="space-y-4">
          <Card title={t('view.answerTitle')}>
            <Facts items={answerFacts} />
          </Card>
          {canAnswer && (
            <Card title={t('view.respond')}>
              <PurchaseRequestAnswer path={base} state={request.state} version={request.version} title={request.title} />
            </Card>
          )}
        </div>
      </div>
    </PageFrame>
  );
}
