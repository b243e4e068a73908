'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { REPORT_PERIODS, type ReportPeriod } from '@contract/resources/reports';
import type { RawQuery } from '@/lib/reports/query';
import { buttonClasses } from '../ui/button';
import { DayInput } from '../ui/day-input';
import { inputClasses } from '../ui/form-field';

export interface FilterOption {
  value: string;
  label: string;
}

export interface ReportFiltersProps {
  pathname: string;
  raw: RawQuery;
  /** Areas (admins only), shops and bikers the view can be narrowed to; absent lists are not offered. */
  areas?: FilterOption[];
  shops?: FilterOption[];
  bikers?: FilterOption[];
  /** A name search (shop and biker lists). */
  search: boolean;
  /** Translated validation messages per field, from the URL's last query. */
  errors: Record<string, string>;
}

const label = 'mb-1 block text-xs font-medium text-fg-muted';

/**
 * The period and filters as a GET form: applying it loads the page with them in the URL (bookmarkable, and the same
 * without script). A day, week or month needs one day of it; a custom range its first and last day.
 */
export function ReportFilters({ pathname, raw, areas, shops, bikers, search, errors }: ReportFiltersProps) {
  const t = useTranslations('reports.filters');
  const id = useId();
  const [period, setPeriod] = useState<ReportPeriod>((REPORT_PERIODS as readonly string[]).includes(raw.period ?? '') ? (raw.period as ReportPeriod) : 'month');
  const field = (name: string) => `${id}-${name}`;
  const error = (name: string) =>
    errors[name] ? (
      <p id={`${field(name)}-error`} role="alert" className="mt-1 text-xs text-danger-text">
        {errors[name]}
      </p>
    ) : null;
  const select = (name: 'areaId' | 'shopId' | 'bikerId', options: FilterOption[] | undefined, all: string) =>
    options && (
      <div className="w-52">
        <label htmlFor={field(name)} className={label}>
          {t(name)}
        </label>
        <select id={field(name)} name={name} defaultValue={raw[name] ?? ''} className={inputClasses()} aria-invalid={errors[name] ? true : undefined}>
          <option value="">{all}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {error(name)}
      </div>
    );

  return (
    <form method="get" action={pathname} aria-label={t('title')} className="flex flex-wrap items-end gap-3 print:hidden">
      {raw.sort && <input type="hidden" name="sort" value={raw.sort} />}
      {raw.order && <input type="hidden" name="order" value={raw.order} />}
      {raw.pageSize && <input type="hidden" name="pageSize" value={raw.pageSize} />}
      <div className="w-40">
        <label htmlFor={field('period')} className={label}>
          {t('period')}
        </label>
        <select id={field('period')} name="period" value={period} onChange={(e) => setPeriod(e.target.value as ReportPeriod)} className={inputClasses()}>
          {REPORT_PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`periods.${p}`)}
            </option>
          ))}
        </select>
      </div>
      {period === 'custom' ? (
        (['from', 'to'] as const).map((name) => (
          <div key={name} className="w-44">
            <label htmlFor={field(name)} className={label}>
              {t(name)}
            </label>
            <DayInput id={field(name)} name={name} value={raw[name] ?? ''} />
            {error(name)}
          </div>
        ))
      ) : (
        <div className="w-44">
          <label htmlFor={field('date')} className={label}>
            {t(`dateOf.${period}`)}
          </label>
          <DayInput id={field('date')} name="date" value={raw.date ?? ''} />
          {error('date')}
        </div>
      )}
      {select('areaId', areas, t('allAreas'))}
      {select('shopId', shops, t('allShops'))}
      {select('bikerId', bikers, t('allBikers'))}
      {search && (
        <div className="w-52">
          <label htmlFor={field('q')} className={label}>
            {t('q')}
          </label>
          <input id={field('q')} name="q" type="search" defaultValue={raw.q ?? ''} maxLength={100} className={inputClasses()} />
        </div>
      )}
      <button type="submit" className={buttonClasses({ variant: 'primary' })}>
        {t('apply')}
      </button>
    </form>
  );
}
