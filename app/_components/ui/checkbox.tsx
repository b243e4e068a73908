import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from './cn';

/** A native checkbox with its label; the whole label is the click target. */
export function Checkbox({ label, className, id: givenId, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode }) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <input
        id={id}
        type="checkbox"
        className="size-4 rounded border-line accent-primary-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
        {...props}
      />
      <label htmlFor={id} className="text-sm text-fg select-none">
        {label}
      </label>
    </div>
  );
}
