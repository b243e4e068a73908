import { isValidationCode } from '@contract/codes';
import { reportQuerySchema, type ReportExportFormat, type ReportQuery, type ReportView, REPORT_PATHS } from '@contract/resources/reports';

/**
 * A report page's URL is its state (filters, period, sort and page), so a bookmarked report opens as it was. The
 * query string is checked by the contract's schema, as the Platform API checks it.
 */
export type RawQuery = Record<string, string>;
export const REPORT_PARAMS = ['period', 'date', 'from', 'to', 'areaId', 'shopId', 'bikerId', 'q', 'page', 'pageSize', 'sort', 'order'] as const;

/** The report parameters of the URL, first value of each, empty ones left out. */
export function rawReportQuery(searchParams: Record<string, string | string[] | undefined>): RawQuery {
  const raw: RawQuery = {};
  for (const key of REPORT_PARAMS) {
    const value = searchParams[key];
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined && first.trim() !== '') raw[key] = first.trim();
  }
  return raw;
}

export type ParsedReportQuery = { ok: true; query: ReportQuery } | { ok: false; errors: Record<string, string[]> };

/** The checked query, or the errors per field (validation codes) to show beside the filters. */
export function parseReportQuery(raw: RawQuery): ParsedReportQuery {
  const parsed = reportQuerySchema.safeParse(raw);
  if (parsed.success) return { ok: true, query: parsed.data };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'period');
    (errors[field] ??= []).push(isValidationCode(issue.message) ? issue.message : 'outOfRange');
  }
  return { ok: false, errors };
}

/** The page's URL with some parameters changed (undefined removes one); a new filter starts again at page 1. */
export function reportHref(pathname: string, raw: RawQuery, changes: Partial<Record<(typeof REPORT_PARAMS)[number], string | undefined>>): string {
  const next: RawQuery = { ...raw };
  if (!('page' in changes)) delete next.page;
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') delete next[key];
    else next[key] = value;
  }
  if (next.page === '1') delete next.page;
  const search = new URLSearchParams(REPORT_PARAMS.flatMap((k) => (next[k] ? [[k, next[k]] as [string, string]] : []))).toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** The BFF path of a view's export in a format, with the page's filters (not its page: the file holds every row). */
export function reportExportHref(service: string, view: ReportView, raw: RawQuery, format: ReportExportFormat): string {
  const params = new URLSearchParams(REPORT_PARAMS.flatMap((k) => (raw[k] && k !== 'page' ? [[k, raw[k]] as [string, string]] : [])));
  params.set('format', format);
  return `/api/admin/${encodeURIComponent(service)}/${REPORT_PATHS[view]}/export?${params}`;
}
