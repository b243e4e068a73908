'use client';

import { useTranslations } from 'next-intl';
import type { FieldDef } from '@/lib/resources/kit';
import type { FormValues } from '@/lib/resources/form-values';
import { Button } from '../ui/button';
import { inputClasses } from '../ui/form-field';
import { useFieldError } from './field-error';

interface RowsInputProps {
  field: FieldDef;
  namespace: string;
  value: unknown;
  /** Every error of the form, by dotted path (`bands.1.e_distance`). */
  errors: Record<string, string[]>;
  /** The value that completes an over-the-limit message (the table's limit). */
  limit?: string;
  onChange: (rows: FormValues[]) => void;
  disabled?: boolean;
}

const INPUT_MODES: Partial<Record<FieldDef['kind'], 'numeric' | 'decimal'>> = { number: 'numeric', money: 'decimal' };

/**
 * A `rows` field: its rows as a table, one input per cell, each with its own error under it; rows are added (a new
 * one starting where the last ends, when the field chains them) and removed. Cell inputs are named by their column
 * and row ("To, row 2") for screen readers and keyboard users.
 */
export function RowsInput({ field, namespace, value, errors, limit, onChange, disabled }: RowsInputProps) {
  const tm = useTranslations(namespace);
  const t = useTranslations('resource');
  const fieldError = useFieldError();
  const spec = field.rows!;
  const rows = Array.isArray(value) ? (value as FormValues[]) : [];
  const blank = (): FormValues => Object.fromEntries(spec.fields.map((f) => [f.name, f.kind === 'checkbox' ? false : '']));
  const add = () => {
    const row = blank();
    const last = rows.at(-1);
    if (spec.chain && last) row[spec.chain.from] = last[spec.chain.to] ?? '';
    else if (spec.chain) row[spec.chain.from] = '0';
    onChange([...rows, row]);
  };
  const set = (i: number, name: string, v: string | boolean) => onChange(rows.map((r, j) => (j === i ? { ...r, [name]: v } : r)));
  const whole = fieldError(errors[field.name]);
  const label = tm(field.label);
  return (
    <fieldset className="space-y-3 sm:col-span-2" aria-describedby={whole ? `field-${field.name}-error` : undefined}>
      <legend className="text-sm font-medium text-fg">{label}</legend>
      {whole && (
        <p id={`field-${field.name}-error`} className="text-sm text-danger-text">
          {whole}
        </p>
      )}
      {rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-fg-muted">
                <th scope="col" className="w-10 px-1 py-1 font-medium">
                  #
                </th>
                {spec.fields.map((f) => (
                  <th key={f.name} scope="col" className="px-1 py-1 font-medium">
                    {tm(f.label)}
                  </th>
                ))}
                <th scope="col" className="px-1 py-1">
                  <span className="sr-only">{t('actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i} className="align-top">
                  <td className="px-1 py-2 text-fg-muted">{i + 1}</td>
                  {spec.fields.map((f) => {
                    const id = `field-${field.name}-${i}-${f.name}`;
                    const error = fieldError(errors[`${field.name}.${i}.${f.name}`], { limit: limit ?? '' });
                    const name = t('cellLabel', { column: tm(f.label), row: i + 1 });
                    return (
                      <td key={f.name} className="px-1 py-1">
                        {f.kind === 'checkbox' ? (
                          <input
                            id={id}
                            type="checkbox"
                            aria-label={name}
                            className="mt-2.5 size-4"
                            checked={row[f.name] === true}
                            disabled={disabled}
                            onChange={(e) => set(i, f.name, e.target.checked)}
                          />
                        ) : (
                          <input
                            id={id}
                            type="text"
                            aria-label={name}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `${id}-error` : undefined}
                            inputMode={INPUT_MODES[f.kind]}
                            autoComplete="off"
                            className={`${inputClasses(Boolean(error))} min-w-20`}
                            value={typeof row[f.name] === 'string' ? (row[f.name] as string) : ''}
                            disabled={disabled}
                            onChange={(e) => set(i, f.name, e.target.value)}
                          />
                        )}
                        {error && (
                          <p id={`${id}-error`} className="mt-1 text-xs text-danger-text">
                            {error}
                          </p>
                        )}
                      </td>
                    );
                  })}
                  <td className="px-1 py-1">
                    {!disabled && (
                      <Button variant="ghost" size="sm" onClick={() => onChange(rows.filter((_, j) => j !== i))} aria-label={t('removeRow', { row: i + 1 })}>
                        {t('remove')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!disabled && (
        <Button variant="secondary" size="sm" onClick={add}>
          {tm(spec.add)}
        </Button>
      )}
    </fieldset>
  );
}
