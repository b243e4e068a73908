import 'server-only';
import Link from 'next/link';
import { getFormatter, getTranslations } from 'next-intl/server';
import { auditEntrySchema } from '@contract/resources/audit-log';
import { describeUserAgent } from '@contract/user-agent';
import { fetchData } from '@/lib/resources/server';
import type { PageContext } from '@/lib/server/guard';
import { PageFrame } from '../shell/page-frame';
import { StatusBadge } from '../ui/status-badge';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { Facts } from '../ui/facts';
import { Table } from '../ui/table';

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
          <Facts items={facts} />
        </Card>
        <div className="space-y-6">
          <Card title={t('changes')}>
            <Table
              caption={t('changes')}
              scrollLabel={t('changes')}
              rows={diff}
              rowKey={([field]) => field}
              empty={<p className="p-5 text-sm text-muted">{t('noChanges')}</p>}
              columns={[
                { key: 'field', header: t('field'), cell: ([field]) => <span className="font-medium">{field}</span> },
                { key: 'before', header: t('before'), className: 'break-all text-danger-text line-through', cell: ([, c]) => shown(c.before, t('empty')) },
                { key: 'after', header: t('after'), className: 'break-all text-success-text', cell: ([, c]) => shown(c.after, t('empty')) },
              ]}
            />
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
