import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { ResourceModule } from '@/lib/resources/kit';
import { hrefWith, type ListQuery } from '@/lib/resources/list-query';
import { buttonClasses } from '../ui/button';

/** Total count and previous / next page links that keep the rest of the view. */
export async function Pagination({
  pathname,
  query,
  total,
  more = false,
  defaults,
}: {
  pathname: string;
  query: ListQuery;
  total: number;
  /** A search found more than `total`: "10,000+", and the pages go on past the last counted one. */
  more?: boolean;
  defaults: Pick<ResourceModule, 'defaultSort'>;
}) {
  const t = await getTranslations('resource');
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const link = (page: number, label: string, rel: 'prev' | 'next') =>
    page >= 1 && (page <= pages || more) && page !== query.page ? (
      <Link href={hrefWith(pathname, query, { page }, defaults)} rel={rel} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        {label}
      </Link>
    ) : (
      <span aria-disabled="true" className={`${buttonClasses({ variant: 'secondary', size: 'sm' })} pointer-events-none opacity-50`}>
        {label}
      </span>
    );
  return (
    <nav aria-label={t('pagination')} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-fg-muted">
      <p aria-live="polite">{more ? t('totalMore', { total }) : t('total', { total })}</p>
      <div className="flex items-center gap-2">
        {link(query.page - 1, t('previous'), 'prev')}
        <span>{more ? t('pageOfMore', { page: query.page, pages }) : t('pageOf', { page: query.page, pages })}</span>
        {link(query.page + 1, t('next'), 'next')}
      </div>
    </nav>
  );
}
