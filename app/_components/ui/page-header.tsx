import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Breadcrumbs or a back link, shown above the title. */
  above?: ReactNode;
  /** Page-level actions (buttons, links), shown at the end. */
  actions?: ReactNode;
}

/** The page's single h1 with its description and actions. */
export function PageHeader({ title, description, above, actions }: PageHeaderProps) {
  return (
    <div className="mb-6">
      {above && <div className="mb-2 text-sm text-fg-muted">{above}</div>}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
          {description && <p className="mt-1 max-w-prose text-sm text-fg-muted">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </div>
  );
}
