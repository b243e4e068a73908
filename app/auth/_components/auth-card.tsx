import type { ReactNode } from 'react';

/** The card every auth page sits in: a title, a line under it, the form, and links under the form. */
export function AuthCard({ title, subtitle, children, footer }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="rounded-xl border border-line bg-surface px-5 py-7 shadow-card sm:px-8 sm:py-9">
      <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
      {subtitle && <p className="mt-1.5 text-sm text-fg-muted">{subtitle}</p>}
      <div className="mt-6">{children}</div>
      {footer && <div className="mt-6 border-t border-line pt-5 text-center text-sm text-fg-muted">{footer}</div>}
    </div>
  );
}

/** Link style inside auth forms: the strong primary shade, underlined on hover and focus. */
export const authLinkClasses =
  'font-medium text-primary-text underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus rounded-sm';
