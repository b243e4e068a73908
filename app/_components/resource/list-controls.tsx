'use client';

import { DayInput } from '../ui/day-input';
import { useEffect, useRef, useState, useTransition } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { FilterDef, Option } from '@/lib/resources/kit';
import { PAGE_SIZES } from '@/lib/resources/list-url';
import { inputClasses } from '../ui/form-field';
import { Spinner } from '../ui/spinner';

interface ListControlsProps {
  namespace: string;
  filters: readonly FilterDef[];
  /** Options of the filters that draw from reference lists, by field. */
  filterOptions: Record<string, Option[]>;
  /** Label and placeholder keys of the search box below the namespace (default: the kit's). */
  search?: { label: string; placeholder: string };
  /** Whether the list has a search box. */
  searchable?: boolean;
}

/**
 * A typed value that rewrites the URL after a pause (the search box, text filters). When the URL changes otherwise
 * ("Clear filters", Back), the box shows what the URL now holds; the URL reaching what was typed here leaves the box
 * alone, so letters typed meanwhile stay.
 */
function useTypedParam(name: string, update: (changes: Record<string, string>) => void) {
  const searchParams = useSearchParams();
  const inUrl = searchParams.get(name) ?? '';
  const [value, setValue] = useState(inUrl);
  const [seen, setSeen] = useState<{ inUrl: string; sent: string | null }>({ inUrl, sent: null });
  if (inUrl !== seen.inUrl) {
    setSeen({ inUrl, sent: null });
    if (inUrl !== seen.sent) setValue(inUrl);
  }
  useEffect(() => {
    const typed = value.trim();
    if (typed === inUrl) return;
    const timer = setTimeout(() => {
      setSeen((current) => ({ ...current, sent: typed }));
      update({ [name]: typed });
    }, 350);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on typing only
  }, [value]);
  return [value, setValue] as const;
}

function TextFilter({ filter, label, update }: { filter: FilterDef; label: string; update: (changes: Record<string, string>) => void }) {
  const [value, setValue] = useTypedParam(filter.field, update);
  return (
    <div className="w-44">
      <label htmlFor={`filter-${filter.field}`} className="mb-1 block text-xs font-medium text-fg-muted">
        {label}
      </label>
      <input id={`filter-${filter.field}`} type="search" value={value} maxLength={100} onChange={(e) => setValue(e.target.value)} className={inputClasses()} />
    </div>
  );
}

/** Search box, filters and page size: each change rewrites the URL (other params kept, back to page 1). */
export function ListControls({ namespace, filters, filterOptions, search, searchable = true }: ListControlsProps) {
  const t = useTranslations('resource');
  const tm = useTranslations(namespace);
  const root = useTranslations();
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [pending, startTransition] = useTransition();

  // The view last asked for: a change made while the previous one is still on its way (a filter picked during a
  // typing pause) builds on it instead of on the URL of the last render.
  const asked = useRef(searchParams.toString());
  useEffect(() => {
    asked.current = searchParams.toString();
  }, [searchParams]);
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(asked.current);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete('page');
    const qs = next.toString();
    asked.current = qs;
    startTransition(() => router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false }));
  };

  // Search as the user types, after a pause.
  const [q, setQ] = useTypedParam('q', update);

  const label = (o: Option) => (o.literal ? o.label : root(o.label));
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3" role="search">
      {searchable && (
        <div className="min-w-52 flex-1">
          <label htmlFor="list-q" className="mb-1 block text-xs font-medium text-fg-muted">
            {search ? tm(search.label) : t('search')}
          </label>
          <input
            id="list-q"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={search ? tm(search.placeholder) : t('searchPlaceholder')}
            className={inputClasses()}
          />
        </div>
      )}
      {filters.map((f) => {
        if (f.kind === 'text') return <TextFilter key={f.field} filter={f} label={tm(f.label)} update={update} />;
        if (f.kind === 'date') {
          return (
            <div key={f.field} className="w-44">
              <label htmlFor={`filter-${f.field}`} className="mb-1 block text-xs font-medium text-fg-muted">
                {tm(f.label)}
              </label>
              <DayInput
                id={`filter-${f.field}`}
                value={searchParams.get(f.field) ?? ''}
                min={f.field === 'to' ? (searchParams.get('from') ?? undefined) : undefined}
                max={f.field === 'from' ? (searchParams.get('to') ?? undefined) : undefined}
                onCommit={(iso) => update({ [f.field]: iso })}
              />
            </div>
          );
        }
        const options =
          f.kind === 'boolean'
            ? [
                { value: 'true', label: t('yes'), literal: true },
                { value: 'false', label: t('no'), literal: true },
              ]
            : (f.options ?? filterOptions[f.field] ?? []);
        if (f.kind === 'select' && options.length === 0) return null;
        return (
          <div key={f.field} className="w-44">
            <label htmlFor={`filter-${f.field}`} className="mb-1 block text-xs font-medium text-fg-muted">
              {tm(f.label)}
            </label>
            <select
              id={`filter-${f.field}`}
              className={inputClasses()}
              value={searchParams.get(f.field) ?? ''}
              onChange={(e) => update({ [f.field]: e.target.value })}
            >
              <option value="">{t('filterAll')}</option>
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {label(o)}
                </option>
              ))}
            </select>
          </div>
        );
      })}
      <div className="w-28">
        <label htmlFor="list-page-size" className="mb-1 block text-xs font-medium text-fg-muted">
          {t('pageSize')}
        </label>
        <select
          id="list-page-size"
          className={inputClasses()}
          value={searchParams.get('pageSize') ?? '25'}
          onChange={(e) => update({ pageSize: e.target.value === '25' ? '' : e.target.value })}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      {pending && <Spinner />}
    </div>
  );
}
