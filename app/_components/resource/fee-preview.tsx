'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { bandFor } from '@contract/fee-bands';
import { useMoney } from '../ui/currency';
import type { ResourceModule } from '@/lib/resources/kit';
import { Card } from '../ui/card';
import { inputClasses } from '../ui/form-field';

type Band = Record<string, unknown>;

/**
 * "What would this order cost": a distance (or a weight) typed in, the saved band it falls in and its fee, with the
 * same rule the Platform API charges by (contract/fee-bands.ts `bandFor`).
 */
export function FeePreview({ row, bands: spec }: { row: Record<string, unknown>; bands: NonNullable<ResourceModule['bands']> }) {
  const t = useTranslations('resource.feePreview');
  const money = useMoney();
  const id = useId();
  const [text, setText] = useState('');
  const unit = spec.measure === 'weight' ? t('gram') : row[spec.unitField ?? ''] === 'Mile' ? t('mile') : t('kilometer');
  const bands = (Array.isArray(row.bands) ? row.bands : []) as Band[];
  const limit = Number(row[spec.keys.limit]);
  const value = text.trim() === '' ? null : Number(text.trim().replace(',', '.'));
  const band = value === null || Number.isNaN(value) ? null : bandFor(bands, spec.keys, value);
  let result: string | null = null;
  if (value !== null && (Number.isNaN(value) || value < 0)) result = t('invalid');
  else if (value !== null && !band) result = t(spec.measure === 'weight' ? 'overWeight' : 'overDistance', { limit, unit });
  else if (band) {
    const range = t('band', { from: Number(band[spec.keys.start]), to: Number(band[spec.keys.end]), unit });
    const fee = band.freeDelivery === true ? t('free') : money(Number(band.price));
    result = typeof band.estimateTime === 'number' ? t('resultWithTime', { range, fee, minutes: band.estimateTime }) : t('result', { range, fee });
  }
  return (
    <Card title={t('title')}>
      <div className="space-y-2">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {t(spec.measure === 'weight' ? 'weightLabel' : 'distanceLabel', { unit })}
        </label>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          className={inputClasses(false)}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${id}-result`}
        />
        <p id={`${id}-result`} role="status" className="min-h-5 text-sm text-fg">
          {result ?? t(spec.measure === 'weight' ? 'hintWeight' : 'hint')}
        </p>
      </div>
    </Card>
  );
}
