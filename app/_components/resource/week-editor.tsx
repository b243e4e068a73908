'use client';

import { useTranslations } from 'next-intl';
import type { TimeShopHours } from '@/lib/resources/time-shop';
import type { FieldErrors } from '@/lib/resources/validation';
import { Button } from '../ui/button';
import { inputClasses } from '../ui/form-field';
import { useFieldError } from './field-error';

/** Seven days, each with its ranges: add and remove ranges, the error of each range beside it. */
export function WeekEditor({
  hours,
  onChange,
  errors,
  disabled,
}: {
  hours: TimeShopHours;
  onChange: (hours: TimeShopHours) => void;
  errors: FieldErrors;
  disabled?: boolean;
}) {
  const t = useTranslations('timeShop');
  const fieldError = useFieldError();
  const setRange = (i: number, j: number, part: 'open' | 'close', value: string) =>
    onChange(hours.map((d, di) => (di === i ? { ...d, ranges: d.ranges.map((r, rj) => (rj === j ? { ...r, [part]: value } : r)) } : d)));
  const addRange = (i: number) => onChange(hours.map((d, di) => (di === i ? { ...d, ranges: [...d.ranges, { open: '09:00', close: '17:00' }] } : d)));
  const removeRange = (i: number, j: number) => onChange(hours.map((d, di) => (di === i ? { ...d, ranges: d.ranges.filter((_, rj) => rj !== j) } : d)));

  return (
    <div className="divide-y divide-line">
      {hours.map((day, i) => {
        const dayName = t(`days.${day.day}` as 'days.0');
        return (
          <fieldset key={day.day} className="grid gap-2 py-3 sm:grid-cols-[8rem_1fr]">
            <legend className="sr-only">{dayName}</legend>
            <div className="text-sm font-medium text-fg" aria-hidden="true">
              {dayName}
            </div>
            <div className="space-y-2">
              {day.ranges.length === 0 && <p className="text-sm text-fg-muted">{t('closedDay')}</p>}
              {day.ranges.map((range, j) => {
                const key = `hours.${i}.ranges.${j}`;
                const error = fieldError(errors[`${key}.close`] ?? errors[`${key}.open`]);
                const errorId = error ? `${key}-error` : undefined;
                return (
                  <div key={j}>
                    <div className="flex flex-wrap items-center gap-2">
                      <div className="w-36">
                        <input
                          type="time"
                          aria-label={t('openAt', { day: dayName, n: j + 1 })}
                          className={inputClasses(Boolean(error))}
                          value={range.open}
                          disabled={disabled}
                          onChange={(e) => setRange(i, j, 'open', e.target.value)}
                        />
                      </div>
                      <span aria-hidden="true">–</span>
                      <div className="w-36">
                        <input
                          type="time"
                          aria-label={t('closeAt', { day: dayName, n: j + 1 })}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={errorId}
                          className={inputClasses(Boolean(error))}
                          value={range.close}
                          disabled={disabled}
                          onChange={(e) => setRange(i, j, 'close', e.target.value)}
                        />
                      </div>
                      {!disabled && (
                        <Button size="sm" variant="ghost" onClick={() => removeRange(i, j)} aria-label={t('removeRange', { day: dayName, n: j + 1 })}>
                          ✕
                        </Button>
                      )}
                    </div>
                    {error && (
                      <p id={errorId} className="mt-1 text-sm text-danger-text">
                        {error}
                      </p>
                    )}
                  </div>
                );
              })}
              {!disabled && (
                <Button size="sm" variant="secondary" onClick={() => addRange(i)}>
                  {t('addRange', { day: dayName })}
                </Button>
              )}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
