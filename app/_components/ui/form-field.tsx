import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from './cn';

/** What a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  /** Helper text under the control. */
  hint?: ReactNode;
  /** Error text under the control; marks the control invalid. */
  error?: ReactNode;
  required?: boolean;
  id?: string;
  className?: string;
  /** Renders the control with the ids and aria attributes it must carry. */
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, control, hint and error text, wired with `aria-invalid` and `aria-describedby`. */
export function FormField({ label, hint, error, required, id: givenId, className, children }: FormFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      {/* The required mark sits outside the label so the control's name is exactly the label text. */}
      <div className="flex items-baseline gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {required && (
          <span aria-hidden="true" className="text-sm text-danger-text">
            *
          </span>
        )}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-fg-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger-text">
          {error}
        </p>
      )}
    </div>
  );
}

export const inputClasses = (invalid?: boolean) =>
  cn(
    'block h-10 w-full rounded-md border bg-surface px-3 text-sm text-fg placeholder:text-fg-muted',
    'focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-focus',
    'disabled:cursor-not-allowed disabled:bg-surface-muted',
    invalid ? 'border-danger' : 'border-line',
  );

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
}

/** A labelled text input with hint and error text. `required` marks it (forms validate with zod, not the browser). */
export function TextField({ label, hint, error, id, required, className, ...props }: TextFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} required={required} id={id} className={className}>
      {(control) => <input {...control} aria-required={required || undefined} className={inputClasses(Boolean(error))} {...props} />}
    </FormField>
  );
}
