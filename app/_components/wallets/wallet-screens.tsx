import 'server-only';
import Link from 'next/link';
import { getTranslations, getTimeZone } from 'next-intl/server';
import { WALLET_MENUS, walletBalanceSchema, walletCheckSchema, walletTransactionSchema } from '@contract/resources/wallets';
import { formatDateTime, formatMoney } from '@/lib/format';
import { orderViewPath } from '@/lib/orders/lifecycle';
import { RESOURCES } from '@/lib/resources';
import { parseListQuery } from '@/lib/resources/list-query';
import { fetchData } from '@/lib/resources/server';
import { getPageCurrency } from '@/lib/server/currency';
import { getLocale } from 'next-intl/server';
import { canAt, canOpen, permissionsFor } from '../resource/access';
import { ConfirmPending } from '../resource/confirm-pending';
import { AdjustWalletButton } from './adjust-wallet-button';
import { RejectPending } from './reject-pending';
import { ResourceList } from '../resource/resource-list';
import { PageFrame } from '../shell/page-frame';
import type { ScreenProps } from '../shell/screens';
import { StatusBadge } from '../ui/status-badge';
import { Card } from '../ui/card';

const api = (service: string, tail: string) => `/api/admin/${encodeURIComponent(service)}/Wallet/${tail}`;
const page = (service: string, tail: string) => `/Service/${encodeURIComponent(service)}/Wallet/${tail}`;
/** Whether the user holds Wallet Adjust's create flag: the operator actions (reject, post to a wallet). */
const canAdjust = (ctx: ScreenProps['ctx'], service: string) => canAt(ctx, api(service, 'Adjust'), 'create');

/** `Wallet/{ref}`: one transaction: type, signed amount, status, owner, order, and who confirmed (or rejected) it when. */
export async function WalletTransactionScreen({ ctx, pathname }: ScreenProps) {
  const zone = await getTimeZone();
  const service = String(ctx.route.service);
  const [t, locale, currency] = await Promise.all([getTranslations('wallet'), getLocale(), getPageCurrency()]);
  const tx = await fetchData(api(service, `transaction/${encodeURIComponent(ctx.params.ref ?? '')}`), walletTransactionSchema, pathname);
  const menu = WALLET_MENUS[tx.ownerType];
  const walletModule = RESOURCES[`wallet${menu}`];
  const canConfirm = permissionsFor(ctx, service, walletModule).write;
  const pending = tx.status === 'Pending';
  const actions =
    pending && (canConfirm || canAdjust(ctx, service)) ? (
      <div className="flex flex-wrap gap-2">
        {canConfirm && <ConfirmPending path={api(service, `${menu}/${tx.id}/confirm`)} row={tx} />}
        {canAdjust(ctx, service) && <RejectPending path={api(service, `Adjust/transaction/${tx.id}/reject`)} row={tx} />}
      </div>
    ) : undefined;
  const amount = `${tx.type === 'withdraw' ? '-' : '+'}${formatMoney(Math.abs(tx.amount), locale, currency)}`;
  const owner = tx.ownerName || t('confirm.platform');
  const facts: [string, React.ReactNode][] = [
    [t('fields.type'), <StatusBadge key="type" kind="transactionType" value={tx.type} />],
    [
      t('fields.amount'),
      <span key="amount" className="tabular-nums">
        {amount}
      </span>,
    ],
    [t('fields.status'), <StatusBadge key="status" kind="walletTransaction" value={tx.status} />],
    [
      t('fields.owner'),
      canOpen(ctx, page(service, `Balance/${tx.walletId}`)) ? (
        <Link key="owner" href={page(service, `Balance/${tx.walletId}`)} className="text-primary-text hover:underline">
          {owner}
        </Link>
      ) : (
        owner
      ),
    ],
    [t('fields.area'), tx.areaName ?? '–'],
    [
      t('fields.order'),
      tx.orderId && tx.orderNo && canOpen(ctx, orderViewPath(service, tx.orderKind ?? 'food', tx.orderId)) ? (
        <Link key="order" href={orderViewPath(service, tx.orderKind ?? 'food', tx.orderId)} className="text-primary-text hover:underline">
          {tx.orderNo}
        </Link>
      ) : (
        (tx.orderNo ?? '–')
      ),
    ],
    [t('fields.createdAt'), formatDateTime(tx.createdAt, zone)],
    [
      t(tx.rejected ? 'fields.rejected' : 'fields.confirmed'),
      tx.status === 'Pending'
        ? t('waiting')
        : tx.confirmedBy
          ? t('confirmedBy', { name: tx.confirmedBy.displayName, at: formatDateTime(tx.confirmedAt ?? tx.createdAt, zone) })
          : formatDateTime(tx.confirmedAt ?? tx.createdAt, zone),
    ],
    [t('fields.note'), tx.note || '–'],
  ];
  return (
    <PageFrame route={ctx.route} title={t('transactionTitle', { ref: tx.id })} actions={actions}>
      <Card>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-fg-muted">{label}</dt>
              <dd className="text-fg">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </PageFrame>
  );
}

/** `Wallet/Balance/{ref}`: one wallet's balance, its check against the ledger, and the transactions behind it. */
export async function WalletBalanceScreen({ ctx, pathname, searchParams }: ScreenProps) {
  const service = String(ctx.route.service);
  const ref = ctx.params.ref ?? '';
  const [t, locale, currency] = await Promise.all([getTranslations('wallet'), getLocale(), getPageCurrency()]);
  const [wallet, check] = await Promise.all([
    fetchData(api(service, `Balance/wallet/${encodeURIComponent(ref)}`), walletBalanceSchema, pathname),
    fetchData(api(service, `Balance/wallet/${encodeURIComponent(ref)}/check`), walletCheckSchema, pathname),
  ]);
  const walletModule = RESOURCES[`wallet${WALLET_MENUS[wallet.ownerType]}`];
  // The transactions are read through the wallet's own path (Wallet Balance's permission), filtered to it; a pending
  // one is confirmed where Wallet Monitoring confirms it.
  const list = {
    ...walletModule,
    api: `Wallet/Balance/wallet/${wallet.id}/transactions`,
    actionApi: walletModule.api,
    routes: { ...walletModule.routes },
    filters: walletModule.filters.filter((f) => f.field !== 'areaId'),
  };
  const query = parseListQuery(list, searchParams);
  const money = (n: number) => formatMoney(n, locale, currency);
  return (
    <PageFrame
      route={ctx.route}
      title={wallet.ownerName || t('confirm.platform')}
      actions={
        canAdjust(ctx, service) ? (
          <AdjustWalletButton
            path={api(service, `Adjust/wallet/${wallet.id}`)}
            owner={wallet.ownerName || t('confirm.platform')}
            platform={wallet.ownerType === 'admin'}
          />
        ) : undefined
      }
    >
      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        <Card title={t('fields.balance')}>
          <p className="text-2xl font-semibold tabular-nums">{money(wallet.balance)}</p>
          <p className={check.matches ? 'mt-1 text-sm text-success-text' : 'mt-1 text-sm text-danger-text'} role="status">
            {check.matches ? t('checkOk') : t('checkBroken', { sum: money(check.successSum) })}
          </p>
        </Card>
        <Card title={t('fields.pending')}>
          <p className="text-2xl font-semibold tabular-nums">{money(wallet.pending)}</p>
        </Card>
        <Card title={t('fields.area')}>
          <p className="text-lg">{wallet.areaName ?? '–'}</p>
          <p className="mt-1 text-sm text-fg-muted">{t('transactionsCount', { count: wallet.transactions })}</p>
        </Card>
      </div>
      <h2 className="mb-3 text-lg font-semibold text-fg">{t('behindBalance')}</h2>
      <ResourceList
        res={list}
        service={service}
        pathname={pathname}
        query={query}
        can={{ ...permissionsFor(ctx, service, walletModule), create: false, delete: false }}
        filterOptions={{}}
        isAdmin={false}
      />
    </PageFrame>
  );
}
