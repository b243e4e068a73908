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
import { Facts } from '../ui/facts';
import { Table } from '../ui/table';
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
            <Facts
              wide
              items={[
                [t('period'), `${day(invoice.periodStart)} – ${day(invoice.periodEnd)}`],
                [t('state'), state(invoice)],
                [t('issuedOn'), day(invoice.issuedOn)],
                [t('dueOn'), day(invoice.dueOn)],
                [t('total'), money(invoice.amount)],
                [t('balance'), money(Math.max(0, invoice.amount - invoice.paid))],
              ]}
            />
          </Card>
          <Card title={t('lines')}>
            <Table
              caption={t('lines')}
              scrollLabel={t('lines')}
              rows={invoice.lines}
              rowKey={(line) => line.description}
              empty={t('lines')}
              columns={[
                { key: 'description', header: t('description'), cell: (line) => line.description },
                { key: 'amount', header: t('amount'), align: 'end', className: 'tabular-nums', cell: (line) => money(line.amount) },
              ]}
            />
          </Card>
          <Card title={t('payments')}>
            <Table
              caption={t('payments')}
              scrollLabel={t('payments')}
              rows={invoice.payments}
              rowKey={(p) => p.reference}
              empty={<p className="p-5 text-sm text-muted">{t('noPayments')}</p>}
              columns={[
                { key: 'paidAt', header: t('paidAt'), cell: (p) => format.dateTime(new Date(p.paidAt), { dateStyle: 'medium' }) },
                { key: 'method', header: t('method'), cell: (p) => method(p.method) },
                { key: 'reference', header: t('reference'), cell: (p) => p.reference },
                { key: 'amount', header: t('amount'), align: 'end', className: 'tabular-nums', cell: (p) => money(p.amount) },
              ]}
            />
          </Card>
        </div>
      </PageFrame>
    );
  }

  const list = await fetchData('/api/admin/Payment', z.array(invoiceSchema), pathname);
  return (
    <PageFrame route={ctx.route}>
      <Card title={t('invoices')}>
        <Table
          caption={t('invoices')}
          scrollLabel={t('invoices')}
          rows={list}
          rowKey={(i) => i.id}
          empty={<p className="p-5 text-sm text-muted">{t('empty')}</p>}
          columns={[
            {
              key: 'number',
              header: t('number'),
              className: 'whitespace-nowrap',
              cell: (i) => (
                <Link href={`/Payment?invoice=${i.id}`} className="font-medium text-primary-text hover:underline" aria-label={t('open', { number: i.number })}>
                  {i.number}
                </Link>
              ),
            },
            { key: 'period', header: t('period'), className: 'whitespace-nowrap', cell: (i) => `${day(i.periodStart)} – ${day(i.periodEnd)}` },
            { key: 'dueOn', header: t('dueOn'), className: 'whitespace-nowrap', cell: (i) => day(i.dueOn) },
            { key: 'amount', header: t('amount'), align: 'end', className: 'tabular-nums', cell: (i) => money(i.amount) },
            { key: 'paid', header: t('paid'), align: 'end', className: 'tabular-nums', cell: (i) => money(i.paid) },
            { key: 'state', header: t('state'), cell: (i) => state(i) },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
