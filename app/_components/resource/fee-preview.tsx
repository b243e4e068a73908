'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { bandFor } from '@contract/fee-bands';
import { COMPANY_UNIT_OF, convertDistance, twoDecimals, type CompanyDistanceUnit, type TableDistanceUnit } from '@contract/distance-units';
import { useMoney } from '../ui/currency';
import type { ResourceModule } from '@/lib/resources/kit';
import { Card } from '../ui/card';
import { inputClasses } from '../ui/form-field';

type Band = Record<string, unknown>;

interface FeePreviewProps {
  row: Record<string, unknown>;
  bands: NonNullable<ResourceModule['bands']>;
  /** A distance table: the company's unit (System settings), the one a distance is typed in. */
  companyUnit?: CompanyDistanceUnit;
}

/**
 * "What would this order cost": a distance (or a weight) typed in, the saved band it falls in and its fee, with the
 * same rule the Platform API charges by (contract/fee-bands.ts `bandFor`). A distance is typed in the company's unit;
 * for a table in the other unit it is converted first (1 mi = 1.609344 km), as the Platform API does when the area has
 * no table in the company's unit.
 */
export function FeePreview({ row, bands: spec, companyUnit = 'km' }: FeePreviewProps) {
  const t = useTranslations('resource.feePreview');
  const money = useMoney();
  const id = useId();
  const [text, setText] = useState('');
  const weight = spec.measure === 'weight';
  const tableUnit: TableDistanceUnit = row[spec.unitField ?? ''] === 'Mile' ? 'Mile' : 'Kilometer';
  const converts = !weight && COMPANY_UNIT_OF[tableUnit] !== companyUnit;
  const word = (unit: CompanyDistanceUnit) => (unit === 'mi' ? t('mile') : t('kilometer'));
  const typedUnit = weight ? t('gram') : word(companyUnit);
  const bandUnit = weight ? t('gram') : word(COMPANY_UNIT_OF[tableUnit]);
  const bands = (Array.isArray(row.bands) ? row.bands : []) as Band[];
  const limit = Number(row[spec.keys.limit]);
  const typed = text.trim() === '' ? null : Number(text.trim().replace(',', '.'));
  const value = typed === null || Number.isNaN(typed) || !converts ? typed : convertDistance(typed, companyUnit, tableUnit);
  const band = value === null || Number.isNaN(value) || value > limit ? null : bandFor(bands, spec.keys, value);
  let result: string | null = null;
  if (value !== null && (Number.isNaN(value) || value < 0)) result = t('invalid');
  else if (value !== null && !band) {
    const shownLimit = converts ? twoDecimals(convertDistance(limit, tableUnit, companyUnit)) : limit;
    result = t(weight ? 'overWeight' : 'overDistance', { limit: shownLimit, unit: typedUnit });
  } else if (band) {
    const range = t('band', { from: Number(band[spec.keys.start]), to: Number(band[spec.keys.end]), unit: bandUnit });
    const fee = band.freeDelivery === true ? t('free') : money(Number(band.price));
    result = typeof band.estimateTime === 'number' ? t('resultWithTime', { range, fee, minutes: band.estimateTime }) : t('result', { range, fee });
    if (converts && typed !== null && value !== null)
      result = t('converted', { value: typed, unit: typedUnit, converted: twoDecimals(value), tableUnit: bandUnit, result });
  }
  return (
    <Card title={t('title')}>
      <div className="space-y-2">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {t(weight ? 'weightLabel' : 'distanceLabel', { unit: typedUnit })}
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
          {result ?? t(weight ? 'hintWeight' : 'hint')}
        </p>
        {!weight && (
          <p className="text-xs text-fg-muted">{converts ? t('convertsFor', { unit: word(companyUnit) }) : t('pricesOrders', { unit: word(companyUnit) })}</p>
        )}
      </div>
    </Card>
  );
}
