import type { ReactNode } from 'react';
import { LogoMark } from './icons';

export interface StatusPageProps {
  /** A large code or mark above the title, e.g. "404". */
  code?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** The product name under the mark. */
  brand: ReactNode;
  /** Render the page's own <main> (false when a surrounding layout already has one). */
  landmark?: boolean;
}

/** The centred full-page look shared by the 404, not-authorized and error pages. */
export function StatusPage({ code, title, description, actions, brand, landmark = true }: StatusPageProps) {
  const body = (
    <div className="mx-auto flex min-h-dvh w-full max-w-lg flex-col items-center justify-center px-4 py-12 text-center">
      <div className="mb-8 flex items-center gap-2 text-fg">
        <LogoMark className="size-8" />
        <span className="text-lg font-semibold">{brand}</span>
      </div>
      {code && <p className="text-6xl font-bold tracking-tight text-primary-text sm:text-7xl">{code}</p>}
      <h1 className="mt-4 text-2xl font-semibold text-fg">{title}</h1>
      {description && <div className="mt-2 text-fg-muted">{description}</div>}
      {actions && <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{actions}</div>}
    </div>
  );
  return landmark ? (
    <main id="main" tabIndex={-1} className="outline-none">
      {body}
    </main>
  ) : (
    body
  );
}
