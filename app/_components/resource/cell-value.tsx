'use client';

import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { formatDateTime, formatPoints, formatWeight, localeNumberFormat } from '@/lib/format';
import { useMoney } from '../ui/currency';
import type { ListColumn } from '@/lib/resources/kit';
import { columnFor } from './cell-class';
import { ResolvedStatusBadge } from '../ui/badge';
import { IMAGE_KEY, thumbPath } from '@contract/image-paths';
import dynamic from 'next/dynamic';
import { loadChunk } from '@/lib/chunk-load';

// Cells few lists show: their code loads with the first list that has one, not with every list.
const Stars = dynamic(() => loadChunk(() => import('../ui/stars').then((m) => m.Stars)));
const DocumentLinks = dynamic(() => loadChunk(() => import('./document-links').then((m) => m.DocumentLinks)));

/** One list cell, rendered by the column's kind; put it in an element carrying `cellClass(column, row)`. */
export function CellValue({ column: declared, value, row }: { column: ListColumn; value: unknown; row?: Record<string, unknown> }) {
  const t = useTranslations('resource');
  const locale = useLocale();
  const zone = useTimeZone();
  const money = useMoney();
  // The spec's transaction display: minus for a withdrawal, plus for every other type, then the amount.
  const signed = (type: string, amount: number) => `${type === 'withdraw' ? '-' : '+'}${money(Math.abs(amount))}`;
  if (value === null || value === undefined || value === '') return <span className="text-fg-muted">–</span>;
  const column = columnFor(declared, row);
  if (column.to && row && row[column.to] !== value && row[column.to] != null) {
    const end = { ...column, to: undefined };
    return (
      <span className="whitespace-nowrap">
        <CellValue column={end} value={value} /> – <CellValue column={end} value={row[column.to]} />
      </span>
    );
  }
  if (column.of && row) return `${String(value)} / ${String(row[column.of] ?? '–')}`;
  switch (column.kind) {
    case 'money':
      return typeof value === 'number' && Number.isSafeInteger(value) ? money(value) : String(value);
    case 'date':
      return typeof value === 'string' ? formatDateTime(value, zone) : String(value);
    case 'status':
      return <ResolvedStatusBadge kind={column.statusKind ?? 'account'} value={String(value)} def={column.statuses?.[String(value)]} />;
    case 'weight':
      return typeof value === 'number' ? formatWeight(value, locale) : String(value);
    case 'transaction':
      return typeof value === 'number' && Number.isSafeInteger(value) ? signed(String(row?.type ?? ''), value) : String(value);
    case 'points':
      return typeof value === 'number' ? formatPoints(value, locale) : String(value);
    case 'percent':
      return typeof value === 'number' ? localeNumberFormat(locale, 'percent').format(value / 10_000) : String(value);
    case 'stars':
      return typeof value === 'number' ? <Stars value={value} /> : String(value);
    case 'count':
      return Array.isArray(value) ? String(value.length) : String(value);
    case 'documents':
      return <DocumentLinks value={value} />;
    case 'bool':
      return value === true ? t('yes') : t('no');
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
        String(first)
      );
    }
    default:
      return String(value);
  }
}
