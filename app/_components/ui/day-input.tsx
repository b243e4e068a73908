'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { dmyToIsoDay, isoDayToDmy } from '@/lib/format';
import { inputClasses } from './form-field';

export interface DayInputProps {
  id: string;
  /** The day as `YYYY-MM-DD` ('' for none). */
  value: string;
  /** Submitted with a form under this name, as `YYYY-MM-DD`. */
  name?: string;
  /** A whole day typed (or the field emptied), as `YYYY-MM-DD` (''). */
  onCommit?: (iso: string) => void;
  /** Bounds as `YYYY-MM-DD`. */
  min?: string;
  max?: string;
}

/**
 * A day as the spec writes it, DD-MM-YYYY, in every language (a browser's date box shows its own locale's format).
 * The URL and the API keep `YYYY-MM-DD`; a typed day is taken on Enter or when the field is left.
 */
export function DayInput({ id, value, name, onCommit, min, max }: DayInputProps) {
  const t = useTranslations('common');
  const [text, setText] = useState(() => isoDayToDmy(value));
  const [shown, setShown] = useState(value);
  // The URL changed under the field (back, a link): show its day.
  if (value !== shown) {
    setShown(value);
    setText(isoDayToDmy(value));
  }
  const iso = text.trim() === '' ? '' : dmyToIsoDay(text);
  const outOfRange = iso !== null && iso !== '' && ((min !== undefined && iso < min) || (max !== undefined && iso > max));
  const invalid = iso === null || outOfRange;
  const commit = () => {
    if (!invalid && iso !== value) onCommit?.(iso);
  };
  return (
    <>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="DD-MM-YYYY"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-hint` : undefined}
        className={inputClasses(invalid)}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && onCommit) {
            e.preventDefault();
            commit();
          }
        }}
      />
      {name && <input type="hidden" name={name} value={invalid ? '' : (iso ?? '')} />}
      {invalid && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-danger-text">
          {t('dayFormat')}
        </p>
      )}
    </>
  );
}
