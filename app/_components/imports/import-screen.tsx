import 'server-only';
import Link from 'next/link';
import { getTranslations, getTimeZone } from 'next-intl/server';
import { IMPORT_COLUMNS, importTemplateCsv, type ImportJob, type ImportKind } from '@contract/imports';
import { can } from '@/lib/permissions';
import { canApprove, isService } from '@contract/access';
import { formatDateTime } from '@/lib/format';
import { fetchImport, fetchImportRows, fetchImports, importApiPath } from '@/lib/resources/imports-server';
import { PageFrame } from '../shell/page-frame';
import type { ScreenProps } from '../shell/screens';
import { Badge } from '../ui/badge';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { ImportRun } from './import-run';
import { ImportUpload } from './import-upload';

const th = 'px-3 py-2 text-start text-xs font-semibold tracking-wide text-fg-muted uppercase';
const td = 'px-3 py-2 align-top';
const PAGE_SIZE = 25;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';
const STATUS_TONE = { previewed: 'primary', running: 'warning', done: 'success', failed: 'danger' } as const;

/**
 * `/Import/Shop` and `/Import/Biker`: upload a CSV or XLSX file, its preview (counts and rows with their errors per
 * column, `?job=&page=&invalid=1` in the URL), the import with its progress and result, and the past imports.
 */
export async function ImportScreen({ ctx, pathname, searchParams, kind }: ScreenProps & { kind: ImportKind }) {
  const zone = await getTimeZone();
  const service = String(ctx.route.service);
  const t = await getTranslations('imports');
  const tv = await getTranslations('validation');
  const mayCreate = ctx.route.service !== null && can(ctx.permissions, ctx.route.service, ctx.route.permission as string, 'create');
  // Imported bikers start active: running their import needs the approval right (contract/access/approval.ts).
  const mayRun = kind !== 'biker' || (ctx.route.service !== null && isService(ctx.route.service) && canApprove(ctx.permissions, ctx.route.service, 'biker'));
  const jobId = first(searchParams.job);
  const page = Math.max(1, Number.parseInt(first(searchParams.page), 10) || 1);
  const invalidOnly = first(searchParams.invalid) === '1';
  const returnTo = pathname;
  const [history, job] = await Promise.all([fetchImports(service, kind, 1, returnTo), jobId ? fetchImport(service, kind, jobId, returnTo) : null]);
  const rows = job ? await fetchImportRows(service, kind, job.id, { page, pageSize: PAGE_SIZE, invalid: invalidOnly }, returnTo) : null;
  const columns: readonly string[] = IMPORT_COLUMNS[kind];
  const api = importApiPath(service, kind);
  const href = (q: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') p.set(k, String(v));
    const s = p.toString();
    return s ? `${pathname}?${s}` : pathname;
  };
  const words = (codes: string[], limit?: number) => codes.map((c) => (tv.has(c) ? tv(c, { limit: limit ?? 0 }) : c)).join(', ');
  const pages = rows ? Math.max(1, Math.ceil(rows.total / PAGE_SIZE)) : 1;
  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${importTemplateCsv(kind)}`)}`;

  return (
    <PageFrame route={ctx.route} description={t(`${kind}.description`)}>
      <div className="space-y-6">
        {mayCreate && (
          <Card title={t('upload.title')} description={t('upload.help', { columns: columns.join(', ') })}>
            <ImportUpload api={api} kind={kind} />
            <p className="mt-3 text-sm">
              <a href={template} download={`${kind}-import-template.csv`} className="text-primary-text underline underline-offset-2">
                {t('upload.template')}
              </a>
            </p>
          </Card>
        )}

        {jobId && !job && <EmptyState title={t('preview.notFound')} />}

        {job && rows && (
          <Card title={t('preview.title', { file: job.fileName })}>
            <Counts job={job} t={t} />
            {job.sameFile && <p className="mb-3 text-sm text-fg-muted">{t('preview.sameFile', { at: formatDateTime(job.sameFile.createdAt, zone) })}</p>}
            <ImportRun key={`${job.id}-${job.status}`} api={api} job={job} mayCreate={mayCreate && mayRun} />
            <div className="mt-4 mb-2 flex flex-wrap items-center gap-3 text-sm" role="group" aria-label={t('preview.filter')}>
              <Link
                href={href({ job: job.id })}
                aria-current={!invalidOnly ? 'page' : undefined}
                className={invalidOnly ? 'text-primary-text underline' : 'font-semibold'}
              >
                {t('preview.allRows')}
              </Link>
              <Link
                href={href({ job: job.id, invalid: 1 })}
                aria-current={invalidOnly ? 'page' : undefined}
                className={invalidOnly ? 'font-semibold' : 'text-primary-text underline'}
              >
                {t('preview.invalidOnly')}
              </Link>
            </div>
            {rows.rows.length === 0 ? (
              <EmptyState title={invalidOnly ? t('preview.noInvalid') : t('preview.noRows')} />
            ) : (
              <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('preview.rows')}>
                <table className="w-full border-collapse text-sm">
                  <caption className="sr-only">{t('preview.rows')}</caption>
                  <thead>
                    <tr className="border-b border-line bg-surface-muted">
                      <th scope="col" className={th}>
                        {t('preview.rowNo')}
                      </th>
                      {columns.map((c) => (
                        <th key={c} scope="col" className={th}>
                          {t(`columns.${c}`)}
                        </th>
                      ))}
                      <th scope="col" className={th}>
                        {t('preview.outcome')}
                      </th>
                      <th scope="col" className={th}>
                        {t('preview.errors')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.rows.map((r) => (
                      <tr key={r.rowNo} className="border-b border-line last:border-b-0" data-row={r.rowNo}>
                        <th scope="row" className={`${td} font-medium`}>
                          {r.rowNo}
                        </th>
                        {columns.map((c) => (
                          <td key={c} className={`${td} ${r.errors[c] ? 'text-danger-text' : ''}`}>
                            {r.data[c] ?? ''}
                          </td>
                        ))}
                        <td className={td}>
                          <Badge
                            tone={r.outcome === 'invalid' ? 'danger' : r.outcome === 'imported' ? 'success' : r.outcome === 'exists' ? 'neutral' : 'primary'}
                          >
                            {t(`outcome.${r.outcome}`)}
                          </Badge>
                        </td>
                        <td className={td}>
                          {Object.keys(r.errors).length > 0 && (
                            <ul className="space-y-0.5 text-danger-text">
                              {Object.entries(r.errors).map(([column, codes]) => (
                                <li key={column}>
                                  <span className="font-medium">{column === 'row' ? t('preview.wholeRow') : t(`columns.${column}`)}</span>: {words(codes)}
                                </li>
                              ))}
                            </ul>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {pages > 1 && (
              <nav className="mt-3 flex items-center gap-3 text-sm" aria-label={t('preview.pages')}>
                {page > 1 && (
                  <Link href={href({ job: job.id, invalid: invalidOnly ? 1 : undefined, page: page - 1 })} className="text-primary-text underline">
                    {t('preview.previous')}
                  </Link>
                )}
                <span>{t('preview.pageOf', { page, pages })}</span>
                {page < pages && (
                  <Link href={href({ job: job.id, invalid: invalidOnly ? 1 : undefined, page: page + 1 })} className="text-primary-text underline">
                    {t('preview.next')}
                  </Link>
                )}
              </nav>
            )}
          </Card>
        )}

        <Card title={t('history.title')}>
          {history.rows.length === 0 ? (
            <EmptyState title={t('history.empty')} />
          ) : (
            <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('history.title')}>
              <table className="w-full border-collapse text-sm">
                <caption className="sr-only">{t('history.title')}</caption>
                <thead>
                  <tr className="border-b border-line bg-surface-muted">
                    {(['file', 'by', 'at', 'total', 'imported', 'existing', 'refused', 'status'] as const).map((k) => (
                      <th key={k} scope="col" className={th}>
                        {t(`history.${k}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {history.rows.map((j) => (
                    <tr key={j.id} className="border-b border-line last:border-b-0">
                      <td className={td}>
                        <Link href={href({ job: j.id })} className="text-primary-text underline-offset-2 hover:underline">
                          {j.fileName}
                        </Link>
                      </td>
                      <td className={td}>{j.createdBy ?? ''}</td>
                      <td className={td}>{formatDateTime(j.createdAt, zone)}</td>
                      <td className={td}>{j.totalRows}</td>
                      <td className={td}>{j.importedRows}</td>
                      <td className={td}>{j.existingRows}</td>
                      <td className={td}>{j.invalidRows}</td>
                      <td className={td}>
                        <Badge tone={STATUS_TONE[j.status]}>{t(`status.${j.status}`)}</Badge>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      </div>
    </PageFrame>
  );
}

function Counts({ job, t }: { job: ImportJob; t: Awaited<ReturnType<typeof getTranslations<'imports'>>> }) {
  const items = [
    ['total', job.totalRows],
    ['valid', job.totalRows - job.invalidRows],
    ['invalid', job.invalidRows],
    ['existing', job.existingRows],
    ['imported', job.importedRows],
  ] as const;
  return (
    <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="import-counts">
      {items.map(([k, n]) => (
        <div key={k} className="rounded-md border border-line p-3">
          <dt className="text-xs text-fg-muted">{t(`counts.${k}`)}</dt>
          <dd className="text-lg font-semibold" data-count={k}>
            {n}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Import/Shop: shops from a CSV or XLSX file. */
export const ShopImportScreen = (props: ScreenProps) => <ImportScreen {...props} kind="shop" />;

/** Import/Biker: bikers from a CSV or XLSX file. */
export const BikerImportScreen = (props: ScreenProps) => <ImportScreen {...props} kind="biker" />;
