'use client';

import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { formatDateTime, formatWeight } from '@/lib/format';
import { useMoney } from '../ui/currency';
import type { ColumnDef } from '@/lib/resources/kit';
import { StatusBadge } from '../ui/badge';
import { IMAGE_KEY, thumbPath } from '@contract/image-paths';
import dynamic from 'next/dynamic';
import { loadChunk } from '@/lib/chunk-load';

// Cells few lists show: their code loads with the first list that has one, not with every list.
const Stars = dynamic(() => loadChunk(() => import('../ui/stars').then((m) => m.Stars)));
const DocumentLinks = dynamic(() => loadChunk(() => import('./document-links').then((m) => m.DocumentLinks)));

/** One list cell, rendered by the column's kind. */
export function CellValue({ column: declared, value, row }: { column: ColumnDef; value: unknown; row?: Record<string, unknown> }) {
  const t = useTranslations('resource');
  const locale = useLocale();
  const zone = useTimeZone();
  const money = useMoney();
  // The spec's transaction display: minus for a withdrawal, plus for every other type, then the amount.
  const signed = (type: string, amount: number) => `${type === 'withdraw' ? '-' : '+'}${money(Math.abs(amount))}`;
  if (value === null || value === undefined || value === '') return <span className="text-fg-muted">–</span>;
  const byRow = declared.kindBy && row ? declared.kindBy.kinds[String(row[declared.kindBy.field])] : undefined;
  const column = byRow ? { ...declared, kind: byRow } : declared;
  if (column.to && row && row[column.to] !== value && row[column.to] != null) {
    const end = { ...column, to: undefined };
    return (
      <span className="whitespace-nowrap">
        <CellValue column={end} value={value} /> – <CellValue column={end} value={row[column.to]} />
      </span>
    );
  }
  if (column.of && row) return <span className="tabular-nums whitespace-nowrap">{`${String(value)} / ${String(row[column.of] ?? '–')}`}</span>;
  switch (column.kind) {
    case 'money':
      return <span className="tabular-nums whitespace-nowrap">{typeof value === 'number' && Number.isSafeInteger(value) ? money(value) : String(value)}</span>;
    case 'date':
      return <span className="tabular-nums whitespace-nowrap">{typeof value === 'string' ? formatDateTime(value, zone) : String(value)}</span>;
    case 'status':
      return <StatusBadge kind={column.statusKind ?? 'account'} value={String(value)} />;
    case 'weight':
      return <span className="tabular-nums whitespace-nowrap">{typeof value === 'number' ? formatWeight(value, locale) : String(value)}</span>;
    case 'transaction':
      return (
        <span className="tabular-nums whitespace-nowrap">
          {typeof value === 'number' && Number.isSafeInteger(value) ? signed(String(row?.type ?? ''), value) : String(value)}
        </span>
      );
    case 'points':
      return (
        <span className="tabular-nums whitespace-nowrap">
          {typeof value === 'number' ? `${value > 0 ? '+' : ''}${new Intl.NumberFormat(locale).format(value)}` : String(value)}
        </span>
      );
    case 'percent':
      return (
        <span className="tabular-nums whitespace-nowrap">
          {typeof value === 'number' ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value / 10_000) : String(value)}
        </span>
      );
    case 'stars':
      return typeof value === 'number' ? <Stars value={value} /> : <span>{String(value)}</span>;
    case 'count':
      return <span className="tabular-nums">{Array.isArray(value) ? value.length : String(value)}</span>;
    case 'documents':
      return <DocumentLinks value={value} />;
    case 'bool':
      return <span>{value === true ? t('yes') : t('no')}</span>;
    case 'thumb':
    case 'image': {
      // A web address, an uploaded image's key, or a row's list of keys (its first is its picture).
      const first = Array.isArray(value) ? value[0] : value;
      if (Array.isArray(value) && value.length === 0) return <span className="text-fg-muted">–</span>;
      const src = typeof first === 'string' ? (IMAGE_KEY.test(first) ? thumbPath(first) : /^https?:\/\//i.test(first) ? first : null) : null;
      return src ? (
        // eslint-disable-next-line @next/next/no-img-element -- uploaded thumbnails and any https host a slide names; next/image needs them listed
        <img src={src} alt="" loading="lazy" referrerPolicy="no-referrer" className="h-10 w-16 rounded object-cover" />
      ) : (
        <span>{String(first)}</span>
      );
    }
    default:
      return <span>{String(value)}</span>;
  }
}
