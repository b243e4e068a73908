import 'server-only';
import { z } from 'zod';
import { getLocale, getTranslations, getTimeZone } from 'next-intl/server';
import { IMAGE_KEY, thumbPath } from '@contract/image-paths';
import { settingChangeSchema, type SettingChange } from '@contract/resources/setting-history';
import { formatDateTime, formatMoney } from '@/lib/format';
import type { FieldDef, ResourceModule } from '@/lib/resources/kit';
import { fetchData } from '@/lib/resources/server';
import { getPageCurrency } from '@/lib/server/currency';
import { Card } from '../ui/card';
import { Table } from '../ui/table';

const historySchema = z.array(settingChangeSchema);

/**
 * A settings page's change history (`GET {path}/History`): when (in the company's time zone), who, which setting, and
 * its value before → after, worded as the form shows it; the newest first.
 */
export async function SettingHistory({ res, path, pathname }: { res: ResourceModule; path: string; pathname: string }) {
  const zone = await getTimeZone();
  const [answer, t, root, locale, currency] = await Promise.all([
    fetchData(`${path}/History`, historySchema, pathname),
    getTranslations(`${res.namespace}.history`),
    getTranslations(),
    getLocale(),
    getPageCurrency(),
  ]);
  const fields = new Map<string, FieldDef>(res.sections.flatMap((s) => s.fields.map((f) => [f.name, f] as const)));
  const labelOf = (name: string) => {
    const field = fields.get(name);
    return field ? root(`${res.namespace}.${field.label}`) : name;
  };
  const valueOf = (name: string, value: unknown) => {
    const field = fields.get(name);
    if (value === null || value === undefined || value === '') return <span className="text-fg-muted">{t('none')}</span>;
    if (field?.kind === 'checkbox') return value === true ? t('on') : t('off');
    if (field?.kind === 'money' && typeof value === 'number') return formatMoney(value, locale, currency);
    if (field?.kind === 'image' && typeof value === 'string' && IMAGE_KEY.test(value)) {
      // eslint-disable-next-line @next/next/no-img-element -- a thumbnail the Platform API serves through the portal
      return <img src={thumbPath(value)} alt="" className="inline-block size-8 rounded object-contain align-middle" />;
    }
    const option = field?.options?.find((o) => o.value === String(value));
    if (option) return option.literal ? option.label : root(option.label);
    return String(value);
  };
  return (
    <Card title={t('title')} className="mt-6">
      <Table<SettingChange>
        caption={t('title')}
        scrollLabel={t('title')}
        rows={answer}
        rowKey={(c) => c.id}
        empty={<p className="text-sm text-fg-muted">{t('empty')}</p>}
        columns={[
          {
            key: 'when',
            header: t('when'),
            className: 'whitespace-nowrap tabular-nums',
            cell: (c) => formatDateTime(c.changedAt, zone),
          },
          { key: 'who', header: t('who'), cell: (c) => c.changedBy?.displayName || t('unknownUser') },
          { key: 'field', header: t('field'), cell: (c) => labelOf(c.field) },
          {
            key: 'change',
            header: t('change'),
            cell: (c) => (
              <span>
                {valueOf(c.field, c.before)} → {valueOf(c.field, c.after)}
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}
