import type { ReactNode } from 'react';
import { cn } from './cn';

export interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  /** Controls shown at the end of the card header. */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Heading level of the title (default h2). */
  as?: 'h2' | 'h3';
}

export function Card({ title, description, actions, children, className, as: Heading = 'h2' }: CardProps) {
  return (
    <section className={cn('rounded-lg border border-line bg-surface shadow-card', className)}>
      {(title || actions) && (
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-line px-5 py-4">
          <div className="min-w-0">
            {title && <Heading className="text-base font-semibold text-fg">{title}</Heading>}
            {description && <p className="mt-1 text-sm text-fg-muted">{description}</p>}
          </div>
          {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
        </header>
      )}
      <div className="px-5 py-4">{children}</div>
    </section>
  );
}
