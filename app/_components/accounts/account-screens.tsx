import 'server-only';
import { IMAGE_KEY, thumbPath } from '@contract/image-paths';
import Link from 'next/link';
import { getLocale, getTranslations, getTimeZone } from 'next-intl/server';
import { z } from 'zod';
import type { ReactNode } from 'react';
import { accountTransitions, bikerDetailSchema, memberDetailSchema, type MemberDetail } from '@contract/resources/accounts';
import { listAnswerSchema } from '@contract/list';
import { formatDateTime, formatMoney } from '@/lib/format';
import { RESOURCES } from '@/lib/resources';
import { apiPath, pagePath, type ResourceModule } from '@/lib/resources/kit';
import { fetchData } from '@/lib/resources/server';
import { orderViewPath } from '@/lib/orders/lifecycle';
import { fetchForPage } from '@/lib/server/page-fetch';
import { getPageCurrency } from '@/lib/server/currency';
import { canApproveAt, canAt, canOpen } from '../resource/access';
import { MemberPointsCards } from '../points/member-points';
import { DocumentLinks } from '../resource/document-links';
import { StatusChanger } from '../resource/status-changer';
import { PageFrame } from '../shell/page-frame';
import type { ScreenProps } from '../shell/screens';
import { StatusBadge } from '../ui/status-badge';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { Facts } from '../ui/facts';
import { Stars } from '../ui/stars';
import { AccountHistory, AccountOrders, AccountRatings, AccountWallet } from './account-sections';
import { PackageAssigner } from './package-assigner';
import { PackageTerm } from './package-term';

const q = encodeURIComponent;

interface AccountPageProps {
  ctx: ScreenProps['ctx'];
  service: string;
  res: ResourceModule;
  account: { id: string; name: string; status: string; version: number };
  badges: ReactNode;
  back: string;
  parts: Pick<MemberDetail, 'orders' | 'wallet' | 'ratings' | 'statusHistory'>;
  allOrdersHref: string;
  ratings: { title: string; who: string };
  facts: [string, ReactNode][];
  /** The account's photo (an image key), shown above the profile's facts; '' when none. */
  photo?: string;
  /** Cards between the profile and the status change. */
  aside?: ReactNode;
}

/** What a member's and a biker's pages share: orders, wallet, ratings and history beside the profile and the status change. */
async function AccountPage({ ctx, service, res, account, badges, back, parts, allOrdersHref, ratings, facts, photo, aside }: AccountPageProps) {
  const t = await getTranslations('accounts');
  const statusPath = apiPath(service, res, account.id, 'status');
  return (
    <PageFrame
      route={ctx.route}
      title={account.name}
      description={<span className="inline-flex flex-wrap items-center gap-2">{badges}</span>}
      actions={
        <Link href={pagePath(service, res.routes.list)} className={buttonClasses({ variant: 'secondary' })}>
          {back}
        </Link>
      }
    >
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-4">
          <AccountOrders
            service={service}
            orders={parts.orders}
            allHref={canOpen(ctx, allOrdersHref.split('?')[0]!) ? allOrdersHref : null}
            orderHref={(kind, id) => (canOpen(ctx, orderViewPath(service, kind, id)) ? orderViewPath(service, kind, id) : null)}
          />
          <AccountWallet wallet={parts.wallet} />
          <AccountRatings title={ratings.title} ratings={parts.ratings} whoLabel={ratings.who} />
          <AccountHistory history={parts.statusHistory} />
        </div>
        <div className="space-y-4">
          <Card title={t('profile')}>
            {photo !== undefined && <AccountPhoto photo={photo} name={account.name} />}
            <Facts items={facts} />
          </Card>
          {aside}
          {canAt(ctx, statusPath, 'write') && (
            <Card title={t('changeStatus')}>
              <StatusChanger
                url={statusPath}
                version={account.version}
                transitions={accountTransitions(account.status).filter((to) => to !== 'active' || !res.approval || canApproveAt(ctx, service, res.approval))}
                namespace="accounts"
                reasonRequired
                confirm
              />
            </Card>
          )}
        </div>
      </div>
    </PageFrame>
  );
}

/** The account's photo as a round thumbnail, or a placeholder saying there is none. */
async function AccountPhoto({ photo, name }: { photo: string; name: string }) {
  const t = await getTranslations('accounts');
  return (
    <div className="mb-3 flex items-center gap-3">
      {IMAGE_KEY.test(photo) ? (
        // eslint-disable-next-line @next/next/no-img-element -- the Platform API's own thumbnail, relayed as it is
        <img src={thumbPath(photo)} alt={t('photoOf', { name })} width={72} height={72} className="h-18 w-18 rounded-full border border-line object-cover" />
      ) : (
        <span
          role="img"
          aria-label={t('noPhoto')}
          className="flex h-18 w-18 items-center justify-center rounded-full border border-line bg-surface-muted text-xl font-semibold text-fg-muted"
        >
          {name.trim().charAt(0).toUpperCase() || '?'}
        </span>
      )}
    </div>
  );
}

/** `/Members/View/{id}` (admins only): the member, their addresses, orders, wallet, ratings given and status history. */
export async function MemberScreen({ ctx, pathname }: ScreenProps) {
  const zone = await getTimeZone();
  const service = String(ctx.route.service);
  const res = RESOURCES.member;
  const t = await getTranslations('accounts');
  const detail = await fetchData(apiPath(service, res, ctx.params.id ?? ''), memberDetailSchema, pathname);
  const { member, addresses } = detail;
  const historyPath = `/Service/${service}/RewardPointHistory`;
  return (
    <AccountPage
      ctx={ctx}
      service={service}
      res={res}
      account={member}
      badges={<StatusBadge kind="account" value={member.status} />}
      back={t('backToMembers')}
      parts={detail}
      allOrdersHref={`/Service/${service}/Orders?member=${q(member.phone)}`}
      ratings={{ title: t('ratingsGiven'), who: t('rated') }}
      photo={member.photo}
      facts={[
        [t('name'), member.name],
        [t('phone'), member.phone],
        [t('email'), member.email || '—'],
        [t('area'), member.areaName],
        [t('status'), <StatusBadge key="s" kind="account" value={member.status} />],
        [t('joined'), formatDateTime(member.createdAt, zone)],
      ]}
      aside={
        <>
          <Card title={t('addresses')}>
            {addresses.length === 0 ? (
              <p className="text-sm text-fg-muted">{t('noAddresses')}</p>
            ) : (
              <ul className="divide-y divide-line text-sm">
                {addresses.map((a) => (
                  <li key={a.id} className="py-2">
                    <span className="font-medium">{a.label}</span> <span className="text-fg-muted">· {a.address}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <MemberPointsCards points={detail.points} historyHref={canOpen(ctx, historyPath) ? `${historyPath}?phone=${q(member.phone)}` : null} />
        </>
      }
    />
  );
}

const packageOptionSchema = z.object({ id: z.coerce.string(), name: z.string() });

/** `/Member/Biker/View/{id}`: the biker, their package, tasks, earnings, wallet, ratings received and status history. */
export async function BikerScreen({ ctx, pathname }: ScreenProps) {
  const zone = await getTimeZone();
  const service = String(ctx.route.service);
  const res = RESOURCES.bikerAccount;
  const t = await getTranslations('accounts');
  const [locale, currency] = await Promise.all([getLocale(), getPageCurrency()]);
  const detail = await fetchData(apiPath(service, res, ctx.params.id ?? ''), bikerDetailSchema, pathname);
  const { biker, earnings, distribution, documents } = detail;
  const tr = await getTranslations('regisBiker');
  const canWrite = canAt(ctx, apiPath(service, res, biker.id, 'package'), 'write');
  const packagesPath = apiPath(service, RESOURCES.bikerPackage);
  const packages =
    canWrite && canAt(ctx, packagesPath, 'read')
      ? ((
          await fetchForPage(packagesPath, {
            schema: listAnswerSchema(packageOptionSchema),
            returnTo: pathname,
            query: new URLSearchParams({ areaId: biker.areaId, status: 'active', pageSize: '100', sort: 'name' }),
          })
        ).data as { id: string; name: string }[])
      : [];
  const most = Math.max(1, ...distribution);
  return (
    <AccountPage
      ctx={ctx}
      service={service}
      res={res}
      account={biker}
      badges={
        <>
          <StatusBadge kind="account" value={biker.status} />
          <StatusBadge kind="presence" value={biker.presence} />
        </>
      }
      back={t('backToBikers')}
      parts={detail}
      allOrdersHref={`/Service/${service}/Orders?bikerId=${q(biker.id)}`}
      ratings={{ title: t('ratingsReceived'), who: t('member') }}
      facts={[
        [t('name'), biker.name],
        [t('phone'), biker.phone],
        [t('area'), biker.areaName],
        [t('vehicle'), biker.vehicle || '—'],
        [t('plate'), biker.plate || '—'],
        [t('package'), biker.packageName ?? t('noPackage')],
        [t('joined'), formatDateTime(biker.createdAt, zone)],
        [t('earnings'), t('earned', { amount: formatMoney(earnings.total, locale, currency), orders: earnings.orders })],
        [
          t('documents'),
          <DocumentLinks key="d" value={documents.map((d) => ({ ...d, label: tr.has(`documentKinds.${d.kind}`) ? tr(`documentKinds.${d.kind}`) : d.kind }))} />,
        ],
      ]}
      aside={
        <>
          <Card title={t('rating')} description={biker.rating ? t('average', { rating: biker.rating, count: biker.ratingCount }) : t('noRatings')}>
            <ul className="space-y-1 text-sm" aria-label={t('distribution')}>
              {[5, 4, 3, 2, 1].map((s) => (
                <li key={s} className="grid grid-cols-[6rem_1fr_2.5rem] items-center gap-2">
                  <Stars value={s} />
                  <span className="h-2 rounded bg-surface-muted" aria-hidden="true">
                    <span className="block h-2 rounded bg-warning" style={{ width: `${(distribution[s - 1]! / most) * 100}%` }} />
                  </span>
                  <span className="text-end tabular-nums">{distribution[s - 1]}</span>
                </li>
              ))}
            </ul>
          </Card>
          <Card title={t('package')}>
            <PackageTerm row={biker} />
            {canWrite && (
              <div className="mt-6">
                <PackageAssigner url={apiPath(service, res, biker.id, 'package')} version={biker.version} current={biker.packageId} packages={packages} />
              </div>
            )}
          </Card>
        </>
      }
    />
  );
}
