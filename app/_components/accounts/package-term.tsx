import 'server-only';
import type { ReactNode } from 'react';
import { getTimeZone, getTranslations } from 'next-intl/server';
import { formatDateTime } from '@/lib/format';
import { Badge } from '../ui/badge';

/** What a row (a shop, a biker) says of its current package (docs/orders.md section 2, package charges). */
export interface PackageTermRow {
  packageName?: string | null;
  packageStartsAt?: string | null;
  packageEndsAt?: string | null;
  packageExpired?: boolean;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** A row of the kit (a shop's, loosely typed) as a package term. */
export const packageTermOf = (row: Record<string, unknown>): PackageTermRow => ({
  packageName: text(row.packageName),
  packageStartsAt: text(row.packageStartsAt),
  packageEndsAt: text(row.packageEndsAt),
  packageExpired: row.packageExpired === true,
});

/**
 * A shop's or biker's current package: its name, when it started and ends, and whether it is running or expired (an
 * expired shop is hidden from the member app and takes no orders; an expired biker takes no orders). A package
 * assigned before packages were billed has no end.
 */
export async function PackageTerm({ row }: { row: PackageTermRow }) {
  const t = await getTranslations('accounts.packageTerm');
  const zone = await getTimeZone();
  if (!row.packageName) return <p className="text-sm text-fg-muted">{t('none')}</p>;
  const items: [string, ReactNode][] = [
    [t('package'), row.packageName],
    [t('started'), row.packageStartsAt ? formatDateTime(row.packageStartsAt, zone) : '—'],
    [t('ends'), row.packageEndsAt ? formatDateTime(row.packageEndsAt, zone) : t('noEnd')],
    [
      t('state'),
      <Badge key="state" tone={row.packageExpired ? 'danger' : 'success'}>
        {row.packageExpired ? t('expired') : t('running')}
      </Badge>,
    ],
  ];
  return (
    <div className="space-y-3 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {items.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {row.packageExpired && <p className="text-danger-text">{t('expiredHint')}</p>}
    </div>
  );
}
