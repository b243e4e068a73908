import 'server-only';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations, getTimeZone } from 'next-intl/server';
import { methodsOf } from '@contract/payments';
import { PAYMENT_PROVIDERS, type PaymentProvider, type PaymentSettingChange } from '@contract/resources/payment-settings';
import { formatDateTime } from '@/lib/format';
import { STATUSES } from '@/lib/status';
import { fetchPaymentArea, fetchPaymentAreas, fetchPaymentHistory, fetchPaymentSetting } from '@/lib/payments/server';
import { canOpen } from '../resource/access';
import { PageFrame } from '../shell/page-frame';
import type { ScreenProps } from '../shell/screens';
import { NOT_FOUND_PATH } from '../shell/shell-paths';
import { Badge } from '../ui/badge';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { Table } from '../ui/table';
import { PaymentConfigForm } from './payment-config-form';

const serviceOf = (ctx: ScreenProps['ctx']) => String(ctx.route.service);
const base = (service: string) => `/Service/${encodeURIComponent(service)}/Setting/Bank`;
const areaHref = (service: string, areaId: string) => `${base(service)}/View/${encodeURIComponent(areaId)}`;
const configHref = (service: string, areaId: string, provider: PaymentProvider) => `${areaHref(service, areaId)}/Config/${provider}`;
const providerOf = (value: string | undefined): PaymentProvider => {
  if (!PAYMENT_PROVIDERS.includes(value as PaymentProvider)) redirect(NOT_FOUND_PATH);
  return value as PaymentProvider;
};

/** The payment methods a provider stands behind, in the page's language ("PromptPay"). */
async function methodNames(provider: PaymentProvider): Promise<string> {
  const t = await getTranslations('status.paymentMethod');
  return methodsOf(provider)
    .map((m) => t(STATUSES.paymentMethod[m].key))
    .join(', ');
}

async function ProviderState({ enabled, configured }: { enabled: boolean; configured: boolean }) {
  const t = await getTranslations('payments.state');
  if (enabled) return <Badge tone="success">{t('on')}</Badge>;
  return configured ? <Badge>{t('off')}</Badge> : <Badge tone="warning">{t('incomplete')}</Badge>;
}

/** `/Setting/Bank` (SettingArea): each area of the service with its three providers' state. */
export async function PaymentAreasScreen({ ctx, pathname }: ScreenProps) {
  const service = serviceOf(ctx);
  const t = await getTranslations('payments');
  const areas = await fetchPaymentAreas(service, pathname);
  const nav = await getTranslations('nav');
  // The service areas themselves (their outlines on the map) are one step away from their payment settings.
  const serviceAreas = `/Service/${service}/Setting/ServiceArea`;
  return (
    <PageFrame
      route={ctx.route}
      actions={
        canOpen(ctx, serviceAreas) && (
          <Link href={serviceAreas} className={buttonClasses({ variant: 'secondary' })}>
            {nav('settingServiceArea')}
          </Link>
        )
      }
    >
      <Card>
        <Table
          caption={t('list.caption')}
          rows={areas}
          rowKey={(a) => a.areaId}
          empty={t('list.empty')}
          columns={[
            {
              key: 'area',
              header: t('list.area'),
              cell: (a) => (
                <Link href={areaHref(service, a.areaId)} className="font-medium text-primary-text hover:underline">
                  {a.areaName}
                </Link>
              ),
            },
            ...PAYMENT_PROVIDERS.map((provider) => ({
              key: provider,
              header: t(`providers.${provider}`),
              cell: (a: (typeof areas)[number]) => {
                const state = a.providers.find((p) => p.provider === provider)!;
                return <ProviderState enabled={state.enabled} configured={state.configured} />;
              },
            })),
            {
              key: 'open',
              header: t('list.open'),
              hideHeader: true,
              align: 'end' as const,
              cell: (a) => (
                <Link
                  href={areaHref(service, a.areaId)}
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                  aria-label={`${t('list.open')}: ${a.areaName}`}
                >
                  {t('list.open')}
                </Link>
              ),
            },
          ]}
        />
      </Card>
    </PageFrame>
  );
}

/** `/Setting/Bank/View/{areaId}`: the area's three providers, each with the methods it takes, its state, bank account and links. */
export async function PaymentAreaScreen({ ctx, pathname }: ScreenProps) {
  const zone = await getTimeZone();
  const service = serviceOf(ctx);
  const t = await getTranslations('payments');
  const area = await fetchPaymentArea(service, ctx.params.areaId ?? '', pathname);
  const methods = Object.fromEntries(await Promise.all(PAYMENT_PROVIDERS.map(async (p) => [p, await methodNames(p)] as const)));
  return (
    <PageFrame route={ctx.route} title={area.areaName}>
      <div className="grid gap-4 lg:grid-cols-3">
        {area.providers.map((p) => (
          <Card key={p.provider} title={t(`providers.${p.provider}`)}>
            <div className="mb-3">
              <ProviderState enabled={p.enabled} configured={Boolean(p.merchantId && p.secretKeySet && p.Bank_account_number)} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-fg-muted">{t('area.methods')}</dt>
              <dd>{methods[p.provider]}</dd>
              <dt className="text-fg-muted">{t('area.merchantId')}</dt>
              <dd>{p.merchantId || '–'}</dd>
              <dt className="text-fg-muted">{t('area.secret')}</dt>
              <dd>{p.secretKeySet ? t('area.secretSet', { last4: p.secretKeyLast4 }) : t('area.secretNone')}</dd>
              <dt className="text-fg-muted">{t('area.bank')}</dt>
              <dd>{p.Bank_name ? `${p.Bank_name}${p.Short_Bank_name ? ` (${p.Short_Bank_name})` : ''}` : '–'}</dd>
              <dt className="text-fg-muted">{t('area.account')}</dt>
              <dd className="tabular-nums">{p.Bank_account_number || '–'}</dd>
            </dl>
            <p className="mt-3 text-xs text-fg-muted">
              {p.updatedAt ? t('area.lastChange', { at: formatDateTime(p.updatedAt, zone), name: p.updatedBy?.displayName ?? '' }) : t('area.never')}
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <Link
                href={configHref(service, area.areaId, p.provider)}
                className={buttonClasses({ size: 'sm' })}
                aria-label={`${t('area.edit')}: ${t(`providers.${p.provider}`)}`}
              >
                {t('area.edit')}
              </Link>
              <Link
                href={`${configHref(service, area.areaId, p.provider)}/History`}
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                aria-label={`${t('area.history')}: ${t(`providers.${p.provider}`)}`}
              >
                {t('area.history')}
              </Link>
            </div>
          </Card>
        ))}
      </div>
    </PageFrame>
  );
}

/**
 * `/Setting/Bank/View/{areaId}/Config/{provider}`: what the provider does for the area (the methods it opens, what its
 * secret verifies), then its keys (the secret write-only) and bank account.
 */
export async function PaymentConfigScreen({ ctx, pathname }: ScreenProps) {
  const service = serviceOf(ctx);
  const provider = providerOf(ctx.params.provider);
  const t = await getTranslations('payments');
  const setting = await fetchPaymentSetting(service, ctx.params.areaId ?? '', provider, pathname);
  return (
    <PageFrame route={ctx.route} title={`${t(`providers.${provider}`)} · ${setting.areaName}`}>
      <Card title={t('use.title')} className="mb-4">
        <div className="space-y-2 text-sm">
          <p>{t('use.methods', { area: setting.areaName, methods: await methodNames(provider) })}</p>
          <p>{t('use.secret', { area: setting.areaName })}</p>
        </div>
      </Card>
      <PaymentConfigForm service={service} setting={setting} />
      <p className="mt-4 text-sm">
        <Link href={areaHref(service, setting.areaId)} className="text-primary-text hover:underline">
          {t('form.back', { area: setting.areaName })}
        </Link>
      </p>
    </PageFrame>
  );
}

/** `…/Config/{provider}/History`: every saved change, newest first; a secret only as changed. */
export async function PaymentHistoryScreen({ ctx, pathname }: ScreenProps) {
  const zone = await getTimeZone();
  const service = serviceOf(ctx);
  const provider = providerOf(ctx.params.provider);
  const areaId = ctx.params.areaId ?? '';
  const t = await getTranslations('payments');
  const [area, history] = await Promise.all([fetchPaymentArea(service, areaId, pathname), fetchPaymentHistory(service, areaId, provider, pathname)]);
  const field = (name: string) => t(`form.${name}`);
  const value = (name: string, v: string | null | undefined) =>
    name === 'enabled' ? (v === 'true' ? t('history.yes') : t('history.no')) : v ? v : t('history.blank');
  const describe = (c: PaymentSettingChange['changes'][number]) =>
    c.secret
      ? t('history.secretChanged', { field: field(c.field) })
      : t('history.change', { field: field(c.field), from: value(c.field, c.from), to: value(c.field, c.to) });
  return (
    <PageFrame route={ctx.route} title={`${t(`providers.${provider}`)} · ${area.areaName}`}>
      <Card>
        <Table
          caption={t('history.caption')}
          hideCaption={false}
          rows={history}
          rowKey={(h) => h.id}
          empty={t('history.empty')}
          columns={[
            { key: 'when', header: t('history.when'), className: 'whitespace-nowrap tabular-nums', cell: (h) => formatDateTime(h.at, zone) },
            { key: 'who', header: t('history.who'), cell: (h) => h.by?.displayName ?? '–' },
            {
              key: 'what',
              header: t('history.what'),
              cell: (h) => (
                <ul className="space-y-0.5">
                  {h.changes.map((c) => (
                    <li key={c.field}>{describe(c)}</li>
                  ))}
                </ul>
              ),
            },
          ]}
        />
      </Card>
      <p className="mt-4 text-sm">
        <Link href={configHref(service, areaId, provider)} className="text-primary-text hover:underline">
          {t('area.edit')}
        </Link>
      </p>
    </PageFrame>
  );
}
