import 'server-only';
import Link from 'next/link';
import { z } from 'zod';
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { invoiceDetailSchema, invoiceSchema, type Invoice } from '@contract/resources/applications';
import { formatMoney } from '@/lib/format';
import { fetchData } from '@/lib/resources/server';
import { getPageCurrency } from '@/lib/server/currency';
import type { PageContext } from '@/lib/server/guard';
import type { SearchParams } from '../shell/screens';
import { PageFrame } from '../shell/page-frame';
import { Badge } from '../ui/badge';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { PrintButton } from './print-button';

const TONE = { paid: 'success', unpaid: 'warning', overdue: 'danger' } as const;

/** Payment: the company's invoices; `?invoice={id}` opens one with its lines and payments, ready to print. */
export async function PaymentScreen({ ctx, pathname, searchParams }: { ctx: PageContext; pathname: string; searchParams: SearchParams }) {
  const [t, format, locale, currency] = await Promise.all([getTranslations('billing.payment'), getFormatter(), getLocale(), getPageCurrency()]);
  const money = (satang: number) => formatMoney(satang, locale, currency);
  const day = (iso: string) => format.dateTime(new Date(`${iso}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' });
  const state = (i: Pick<Invoice, 'state'>) => <Badge tone={TONE[i.state]}>{t(`states.${i.state}`)}</Badge>;
  const raw = searchParams.invoice;
  const selected = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? raw : null;

  if (selected) {
    const invoice = await fetchData(`/api/admin/Payment/${selected}`, invoiceDetailSchema, pathname);
    const method = (m: string) => (m === 'bank_transfer' ? t('methods.bank_transfer') : m);
    return (
      <PageFrame
        route={ctx.route}
        title={t('invoice', { number: invoice.number })}
        actions={
          <div className="flex gap-2 print:hidden">
            <Link href="/Payment" className={buttonClasses({ variant: 'secondary' })}>
              {t('back')}
            </Link>
            <PrintButton label={t('print')} />
          </div>
        }
      >
        <div className="space-y-6">
          <Card>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-5 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
              <dt className="font-medium text-muted">{t('period')}</dt>
              <dd>
                {day(invoice.periodStart)} – {day(invoice.periodEnd)}
              </dd>
              <dt className="font-medium text-muted">{t('state')}</dt>
              <dd>{state(invoice)}</dd>
              <dt className="font-medium text-muted">{t('issuedOn')}</dt>
              <dd>{day(invoice.issuedOn)}</dd>
              <dt className="font-medium text-muted">{t('dueOn')}</dt>
              <dd>{day(invoice.dueOn)}</dd>
            </dl>
          </Card>
          <Card title={t('lines')}>
            <table className="w-full text-sm">
              <caption className="sr-only">{t('lines')}</caption>
              <thead>
                <tr className="border-b border-line">
                  <th scope="col" className="px-5 py-2 text-start">
                    {t('description')}
                  </th>
                  <th scope="col" className="px-5 py-2 text-end">
                    {t('amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoice.lines.map((line) => (
                  <tr key={line.description} className="border-b border-line/60">
                    <td className="px-5 py-2">{line.description}</td>
                    <td className="px-5 py-2 text-end tabular-nums">{money(line.amount)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" className="px-5 py-2 text-start">
                    {t('total')}
                  </th>
                  <td className="px-5 py-2 text-end font-semibold tabular-nums">{money(invoice.amount)}</td>
                </tr>
                <tr>
                  <th scope="row" className="px-5 py-2 text-start">
                    {t('balance')}
                  </th>
                  <td className="px-5 py-2 text-end tabular-nums">{money(Math.max(0, invoice.amount - invoice.paid))}</td>
                </tr>
              </tfoot>
            </table>
          </Card>
          <Card title={t('payments')}>
            {invoice.payments.length === 0 ? (
              <p className="p-5 text-sm text-muted">{t('noPayments')}</p>
            ) : (
              <table className="w-full text-sm">
                <caption className="sr-only">{t('payments')}</caption>
                <thead>
                  <tr className="border-b border-line">
                    <th scope="col" className="px-5 py-2 text-start">
                      {t('paidAt')}
                    </th>
                    <th scope="col" className="px-5 py-2 text-start">
                      {t('method')}
                    </th>
                    <th scope="col" className="px-5 py-2 text-start">
                      {t('reference')}
                    </th>
                    <th scope="col" className="px-5 py-2 text-end">
                      {t('amount')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {invoice.payments.map((p) => (
                    <tr key={p.reference} className="border-b border-line/60">
                      <td className="px-5 py-2">{format.dateTime(new Date(p.paidAt), { dateStyle: 'medium' })}</td>
                      <td className="px-5 py-2">{method(p.method)}</td>
                      <td className="px-5 py-2">{p.reference}</td>
                      <td className="px-5 py-2 text-end tabular-nums">{money(p.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Card>
        </div>
      </PageFrame>
    );
  }

  const list = await fetchData('/api/admin/Payment', z.array(invoiceSchema), pathname);
  return (
    <PageFrame route={ctx.route}>
      <Card title={t('invoices')}>
        {list.length === 0 ? (
          <p className="p-5 text-sm text-muted">{t('empty')}</p>
        ) : (
          <div className="overflow-x-auto" role="region" aria-label={t('invoices')} tabIndex={0}>
            <table className="w-full text-sm">
              <caption className="sr-only">{t('invoices')}</caption>
              <thead>
                <tr className="border-b border-line bg-surface-muted text-xs text-fg-muted uppercase">
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('number')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('period')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('dueOn')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-end">
                    {t('amount')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-end">
                    {t('paid')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('state')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((i) => (
                  <tr key={i.id} className="border-b border-line last:border-b-0">
                    <td className="px-4 py-3 whitespace-nowrap">
                      <Link
                        href={`/Payment?invoice=${i.id}`}
                        className="font-medium text-primary-text hover:underline"
                        aria-label={t('open', { number: i.number })}
                      >
                        {i.number}
                      </Link>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      {day(i.periodStart)} – {day(i.periodEnd)}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">{day(i.dueOn)}</td>
                    <td className="px-4 py-3 text-end tabular-nums">{money(i.amount)}</td>
                    <td className="px-4 py-3 text-end tabular-nums">{money(i.paid)}</td>
                    <td className="px-4 py-3">{state(i)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </PageFrame>
  );
}
