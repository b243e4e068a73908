'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { Option } from '@/lib/resources/kit';
import { Checkbox } from '../ui/checkbox';
import { inputClasses } from '../ui/form-field';
import { cn } from '../ui/cn';

interface MultiSelectProps {
  /** The control's id (the filter box's; the group is labelled by the same label). */
  id: string;
  name: string;
  label: string;
  value: string[];
  options: Option[];
  error?: string;
  required?: boolean;
  disabled?: boolean;
  onChange: (value: string[]) => void;
}

/**
 * Several of a field's options: the chosen ones as removable chips, a filter box, and the options as checkboxes
 * (Tab to reach them, Space to tick). The chosen ones stay listed while the filter hides others.
 */
export function MultiSelect({ id, name, label, value, options, error, required, disabled, onChange }: MultiSelectProps) {
  const t = useTranslations('resource');
  const root = useTranslations();
  const [filter, setFilter] = useState('');
  const labelId = useId();
  const countId = `${id}-count`;
  const errorId = error ? `${id}-error` : undefined;
  const text = (o: Option) => (o.literal ? o.label : root(o.label));
  const chosen = new Set(value);
  const needle = filter.trim().toLocaleLowerCase();
  const shown = options.filter((o) => !needle || text(o).toLocaleLowerCase().includes(needle));
  const byValue = new Map(options.map((o) => [o.value, o]));
  const toggle = (v: string, on: boolean) => onChange(on ? [...value.filter((x) => x !== v), v] : value.filter((x) => x !== v));

  return (
    <div
      id={`${id}-group`}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={[errorId, countId].filter(Boolean).join(' ')}
      className="space-y-2 sm:col-span-2"
    >
      <div className="flex items-baseline gap-0.5">
        <span id={labelId} className="text-sm font-medium text-fg">
          {label}
        </span>
        {required && (
          <span aria-hidden="true" className="text-sm text-danger-text">
            *
          </span>
        )}
      </div>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={label}>
          {value.map((v) => {
            const option = byValue.get(v);
            const chip = option ? text(option) : v;
            return (
              <li key={v} className="flex items-center gap-1 rounded-full bg-primary-soft py-0.5 ps-3 pe-1 text-sm text-primary-text">
                <span>{chip}</span>
                <button
                  type="button"
                  className="rounded-full px-1.5 hover:bg-surface focus-visible:outline-2 focus-visible:outline-focus"
                  aria-label={t('multiRemove', { name: chip })}
                  disabled={disabled}
                  onClick={() => toggle(v, false)}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <input
        id={id}
        type="search"
        aria-label={`${label}: ${t('multiFilter')}`}
        placeholder={t('multiFilter')}
        autoComplete="off"
        className={inputClasses(Boolean(error))}
        value={filter}
        disabled={disabled}
        onChange={(e) => setFilter(e.target.value)}
      />
      <div className={cn('max-h-56 space-y-1.5 overflow-y-auto rounded-md border p-2', error ? 'border-danger' : 'border-line')}>
        {shown.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('multiNoMatch')}</p>
        ) : (
          shown.map((o) => (
            <Checkbox
              key={o.value}
              id={`${id}-${o.value}`}
              name={name}
              value={o.value}
              label={text(o)}
              checked={chosen.has(o.value)}
              disabled={disabled}
              onChange={(e) => toggle(o.value, e.target.checked)}
            />
          ))
        )}
      </div>
      <p id={countId} className="text-xs text-fg-muted" aria-live="polite">
        {t('multiChosen', { count: value.length })}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-danger-text">
          {error}
        </p>
      )}
    </div>
  );
}
