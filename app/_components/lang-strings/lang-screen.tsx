import 'server-only';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { itemAnswerSchema, listAnswerSchema } from '@contract/list';
import {
  LANG_CLIENTS,
  LANGS,
  langStringQuerySchema,
  langStringSchema,
  langStringsApi,
  langSummarySchema,
  type LangStringQuery,
} from '@contract/resources/lang-strings';
import { fetchForPage } from '@/lib/server/page-fetch';
import { canAt } from '../resource/access';
import { PageFrame } from '../shell/page-frame';
import type { ScreenProps, SearchParams } from '../shell/screens';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { inputClasses } from '../ui/form-field';
import { LangEditor } from './lang-editor';

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The view in the URL (`?client=shop&q=order&missing=th&page=2`); a value that does not parse is left out. */
export function langQueryOf(searchParams: SearchParams): LangStringQuery {
  const raw: Record<string, string> = {};
  for (const key of ['client', 'q', 'missing', 'page', 'pageSize'] as const) {
    const value = first(searchParams[key]);
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const whole = langStringQuerySchema.safeParse(raw);
  if (whole.success) return whole.data;
  const kept = Object.fromEntries(
    Object.entries(raw).filter(([key, value]) => langStringQuerySchema.shape[key as keyof LangStringQuery].safeParse(value).success),
  );
  return langStringQuerySchema.parse(kept);
}

/** The URL of a view of the screen; defaults left out. */
function hrefOf(pathname: string, query: LangStringQuery, changes: Partial<LangStringQuery>): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.client !== 'member') params.set('client', next.client);
  if (next.q) params.set('q', next.q);
  if (next.missing) params.set('missing', next.missing);
  if (next.page > 1) params.set('page', String(next.page));
  if (next.pageSize !== 50) params.set('pageSize', String(next.pageSize));
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * `Setting/LangInApps` (admin): the words of the member, shop and biker apps. A tab per app, search and the missing
 * filter in the URL, the counts of missing translations, and the grid (`LangEditor`) that edits, adds, deletes,
 * imports and exports. Links are plain anchors, so leaving with unsaved cells asks first (`beforeunload`).
 */
export async function LangStringsScreen({ ctx, pathname, searchParams }: ScreenProps) {
  const service = String(ctx.route.service);
  const api = langStringsApi(service);
  const query = langQueryOf(searchParams);
  const self = hrefOf(pathname, query, {});
  const [list, summary, t, tr] = await Promise.all([
    fetchForPage(api, { schema: listAnswerSchema(langStringSchema), returnTo: self, query: { ...query } }),
    fetchForPage(`${api}/Summary`, { schema: itemAnswerSchema(z.array(langSummarySchema)), returnTo: self }),
    getTranslations('langStrings'),
    getTranslations('resource'),
  ]);
  const counts = summary.data.find((s) => s.client === query.client) ?? { total: 0, version: 0, missing: { en: 0, th: 0, zh: 0, my: 0 } };
  const filtered = Boolean(query.q || query.missing);
  const pages = Math.max(1, Math.ceil(list.total / query.pageSize));
  const pageLink = (page: number, label: string, rel: 'prev' | 'next') =>
    page >= 1 && page <= pages && page !== query.page ? (
      <a href={hrefOf(pathname, query, { page })} rel={rel} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        {label}
      </a>
    ) : (
      <span aria-disabled="true" className={`${buttonClasses({ variant: 'secondary', size: 'sm' })} pointer-events-none opacity-50`}>
        {label}
      </span>
    );

  return (
    <PageFrame route={ctx.route} description={t('description')}>
      <Card>
        <nav aria-label={t('clients.label')} className="mb-4 flex flex-wrap gap-1 border-b border-line">
          {LANG_CLIENTS.map((client) => {
            const selected = client === query.client;
            const total = summary.data.find((s) => s.client === client)?.total ?? 0;
            return (
              <a
                key={client}
                href={hrefOf(pathname, { ...query, q: undefined, missing: undefined, page: 1 }, { client })}
                aria-current={selected ? 'page' : undefined}
                className={cn(
                  '-mb-px border-b-2 px-4 py-2 text-sm font-medium',
                  selected ? 'border-primary-strong text-fg' : 'border-transparent text-fg-muted hover:text-fg',
                )}
              >
                {t(`clients.${client}`)} <span className="text-xs text-fg-muted">({total})</span>
              </a>
            );
          })}
        </nav>

        {counts.total > 0 && (
          <>
            <div className="mb-4 flex flex-wrap items-center gap-2 text-sm" aria-label={t('counts.label')} role="group">
              <span className="text-fg-muted">{t('counts.total', { count: counts.total })}</span>
              {LANGS.map((lang) => {
                const missing = counts.missing[lang];
                return (
                  <a
                    key={lang}
                    href={hrefOf(pathname, query, { missing: lang, page: 1 })}
                    data-missing-lang={lang}
                    className={cn(
                      'rounded-full px-2.5 py-0.5 text-xs font-medium',
                      missing > 0 ? 'bg-danger-soft text-danger-text' : 'bg-success-soft text-success-text',
                      query.missing === lang && 'ring-2 ring-primary',
                    )}
                  >
                    {t('counts.missing', { lang: t(`langs.${lang}`), count: missing })}
                  </a>
                );
              })}
            </div>
            <form method="get" action={pathname} className="mb-4 flex flex-wrap items-end gap-3" role="search" aria-label={t('filters')}>
              {query.client !== 'member' && <input type="hidden" name="client" value={query.client} />}
              <div className="w-72 max-w-full">
                <label htmlFor="lang-q" className="mb-1 block text-xs font-medium text-fg-muted">
                  {tr('search')}
                </label>
                <input
                  id="lang-q"
                  name="q"
                  type="search"
                  defaultValue={query.q ?? ''}
                  maxLength={200}
                  placeholder={t('searchPlaceholder')}
                  className={inputClasses()}
                />
              </div>
              <div className="w-56">
                <label htmlFor="lang-missing" className="mb-1 block text-xs font-medium text-fg-muted">
                  {t('missingFilter.label')}
                </label>
                <select id="lang-missing" name="missing" defaultValue={query.missing ?? ''} className={inputClasses()}>
                  <option value="">{t('missingFilter.all')}</option>
                  <option value="any">{t('missingFilter.any')}</option>
                  {LANGS.map((lang) => (
                    <option key={lang} value={lang}>
                      {t('missingFilter.lang', { lang: t(`langs.${lang}`) })}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className={buttonClasses({ variant: 'secondary' })}>
                {t('apply')}
              </button>
              {filtered && (
                <a href={hrefOf(pathname, { ...query, q: undefined, missing: undefined, page: 1 }, {})} className={buttonClasses({ variant: 'ghost' })}>
                  {tr('clearFilters')}
                </a>
              )}
            </form>
          </>
        )}

        <LangEditor
          key={`${query.client}|${list.data.map((r) => `${r.id}:${r.version}`).join(',')}`}
          api={api}
          client={query.client}
          rows={list.data}
          empty={counts.total === 0}
          filtered={filtered}
          can={{ create: canAt(ctx, api, 'create'), write: canAt(ctx, api, 'write'), delete: canAt(ctx, api, 'delete') }}
        />

        {list.total > 0 && (
          <nav aria-label={tr('pagination')} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-fg-muted">
            <p aria-live="polite">{tr('total', { total: list.total })}</p>
            <div className="flex items-center gap-2">
              {pageLink(query.page - 1, tr('previous'), 'prev')}
              <span>{tr('pageOf', { page: query.page, pages })}</span>
              {pageLink(query.page + 1, tr('next'), 'next')}
            </div>
          </nav>
        )}
      </Card>
    </PageFrame>
  );
}
