import 'server-only';
import Link from 'next/link';
import { getFormatter, getTranslations } from 'next-intl/server';
import { auditEntrySchema } from '@contract/resources/audit-log';
import { describeUserAgent } from '@contract/user-agent';
import { fetchData } from '@/lib/resources/server';
import type { PageContext } from '@/lib/server/guard';
import { PageFrame } from '../shell/page-frame';
import { StatusBadge } from '../ui/badge';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';

const shown = (value: unknown, empty: string) =>
  value === null || value === undefined || value === '' ? empty : typeof value === 'string' ? value : JSON.stringify(value);

/** One entry of the audit log: who did what, when, from where, and what changed (before → after). */
export async function AuditEntryScreen({ ctx, pathname }: { ctx: PageContext; pathname: string }) {
  const t = await getTranslations('auditLog.entry');
  const format = await getFormatter();
  const id = ctx.params.id ?? '';
  const entry = await fetchData(`/api/admin/Log/${encodeURIComponent(id)}`, auditEntrySchema, pathname);
  const diff = Object.entries(entry.changes.diff ?? {});
  const browser = describeUserAgent(entry.userAgent).browser;
  const facts: [string, React.ReactNode][] = [
    [t('who'), `${entry.username} (${entry.role})`],
    [t('when'), format.dateTime(new Date(entry.createdAt), { dateStyle: 'medium', timeStyle: 'medium' })],
    [t('where'), entry.ip || t('unknownPlace')],
    [t('device'), browser || t('unknownPlace')],
    [t('action'), <StatusBadge key="m" kind="httpMethod" value={entry.method} />],
    [
      t('route'),
      <code key="p" className="break-all">
        {entry.path}
      </code>,
    ],
    [
      t('status'),
      <span key="s">
        <StatusBadge kind="auditOutcome" value={entry.outcome} /> <span className="ms-1 text-muted">{entry.status}</span>
      </span>,
    ],
  ];
  return (
    <PageFrame
      route={ctx.route}
      actions={
        <Link href="/Log" className={buttonClasses({ variant: 'secondary' })}>
          {t('back')}
        </Link>
      }
    >
      <div className="grid gap-6 xl:grid-cols-[22rem_1fr]">
        <Card>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-5 text-sm">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-muted">{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <div className="space-y-6">
          <Card title={t('changes')}>
            {diff.length === 0 ? (
              <p className="p-5 text-sm text-muted">{t('noChanges')}</p>
            ) : (
              <div className="overflow-x-auto" role="region" aria-label={t('changes')} tabIndex={0}>
                <table className="w-full text-sm">
                  <caption className="sr-only">{t('changes')}</caption>
                  <thead>
                    <tr className="border-b border-line text-start">
                      <th scope="col" className="px-4 py-2 text-start">
                        {t('field')}
                      </th>
                      <th scope="col" className="px-4 py-2 text-start">
                        {t('before')}
                      </th>
                      <th scope="col" className="px-4 py-2 text-start">
                        {t('after')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {diff.map(([field, change]) => (
                      <tr key={field} className="border-b border-line/60" data-field={field}>
                        <th scope="row" className="px-4 py-2 text-start font-medium">
                          {field}
                        </th>
                        <td className="px-4 py-2 break-all text-danger-text line-through">{shown(change.before, t('empty'))}</td>
                        <td className="px-4 py-2 break-all text-success-text">{shown(change.after, t('empty'))}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>
          {entry.changes.body !== undefined && (
            <Card title={t('body')}>
              <pre className="max-h-96 overflow-auto p-5 text-xs">{JSON.stringify(entry.changes.body, null, 2)}</pre>
            </Card>
          )}
        </div>
      </div>
    </PageFrame>
  );
}
