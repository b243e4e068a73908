'use client';

import { useState, type InputHTMLAttributes } from 'react';
import { useTranslations } from 'next-intl';
import { FormField, inputClasses, type TextFieldProps } from './form-field';
import { EyeIcon, EyeOffIcon } from './icons';

/** A password field with a show/hide toggle; the toggle is a real button with a name that says what it does. */
export function PasswordField({
  label,
  hint,
  error,
  id,
  required,
  className,
  ...props
}: TextFieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'>) {
  const t = useTranslations('common');
  const [visible, setVisible] = useState(false);
  return (
    <FormField label={label} hint={hint} error={error} required={required} id={id} className={className}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            {...props}
            type={visible ? 'text' : 'password'}
            aria-required={required || undefined}
            className={`${inputClasses(Boolean(error))} pe-11`}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-controls={control.id}
            className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-md text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-focus"
          >
            {/* Named by text, not aria-label, so a search by label finds only the password input. */}
            <span className="sr-only">{visible ? t('hidePassword') : t('showPassword')}</span>
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
      )}
    </FormField>
  );
}
