'use client';

import { useTranslations } from 'next-intl';
import type { FieldDef, Option } from '@/lib/resources/kit';
import { Checkbox } from '../ui/checkbox';
import { FormField, inputClasses } from '../ui/form-field';
import { AvailabilityHint } from './availability-hint';

interface FieldInputProps {
  field: FieldDef;
  namespace: string;
  value: unknown;
  error?: string;
  options: Option[];
  onChange: (value: string | boolean) => void;
  disabled?: boolean;
  /** For availability checks: the resource's API path and the row being edited. */
  api?: string;
  exceptId?: string;
}

const INPUT_TYPES = {
  text: 'text',
  email: 'email',
  tel: 'tel',
  password: 'password',
  number: 'text',
  money: 'text',
  percent: 'text',
  time: 'time',
  latlng: 'text',
  url: 'url',
  date: 'date',
} as const;
const INPUT_MODES = { number: 'numeric', money: 'decimal', percent: 'decimal', latlng: 'decimal', tel: 'tel', email: 'email', url: 'url' } as const;

/** One form control by its kind, with label, the spec's hint, its error and availability as the user types. */
export function FieldInput({ field, namespace, value, error, options, onChange, disabled, api, exceptId }: FieldInputProps) {
  const tm = useTranslations(namespace);
  const spec = useTranslations('spec.validation');
  const root = useTranslations();
  const t = useTranslations('resource');
  const label = tm(field.label);
  const id = `field-${field.name}`;
  if (field.kind === 'checkbox') {
    return <Checkbox id={id} label={label} checked={value === true} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />;
  }
  const text = typeof value === 'string' ? value : '';
  const hint = (
    <>
      {field.hint && <span>{spec(field.hint)}</span>}
      {field.kind === 'money' && <span>{t('moneyHint')}</span>}
      {field.kind === 'percent' && <span>{t('percentHint')}</span>}
      {field.availability && api && !error && <AvailabilityHint api={api} field={field.availability} value={text} exceptId={exceptId} />}
    </>
  );
  const hasHint = Boolean(field.hint || field.kind === 'money' || field.kind === 'percent' || field.availability);
  return (
    <FormField id={id} label={label} hint={hasHint ? hint : undefined} error={error} required={field.required}>
      {(control) =>
        field.kind === 'select' ? (
          <select
            {...control}
            name={field.name}
            className={inputClasses(Boolean(error))}
            value={text}
            disabled={disabled}
            onChange={(e) => onChange(e.target.value)}
          >
            <option value="">{t('choose')}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.literal ? o.label : root(o.label)}
              </option>
            ))}
          </select>
        ) : field.kind === 'textarea' ? (
          <textarea
            {...control}
            name={field.name}
            className={`${inputClasses(Boolean(error))} min-h-24 py-2`}
            value={text}
            disabled={disabled}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <input
            {...control}
            name={field.name}
            type={INPUT_TYPES[field.kind as keyof typeof INPUT_TYPES] ?? 'text'}
            inputMode={field.kind in INPUT_MODES ? INPUT_MODES[field.kind as keyof typeof INPUT_MODES] : undefined}
            autoComplete={field.kind === 'password' ? 'new-password' : 'off'}
            className={inputClasses(Boolean(error))}
            value={text}
            disabled={disabled}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </FormField>
  );
}
