import 'server-only';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';

export interface ChartCardProps {
  /** Unique on the page: names the chart's summary element. */
  id: string;
  title: string;
  description?: string;
  /** One sentence with the chart's main numbers, shown under it and read as its description. */
  summary?: string;
  /** The same numbers as a table, behind a disclosure (no script needed). */
  table?: ReactNode;
  /** No data: an empty state stands in for the chart. */
  empty?: boolean;
  children: ReactNode;
}

/**
 * A chart in a card: the card's heading is its title; the drawing is one image named by the title and described by
 * the summary; the table holds the exact figures for anyone who cannot read the drawing.
 */
export async function ChartCard({ id, title, description, summary, table, empty = false, children }: ChartCardProps) {
  const t = await getTranslations('dashboard');
  return (
    <Card title={title} description={description} className="min-w-0">
      {empty ? (
        <EmptyState title={t('noOrdersTitle')} description={t('noOrdersBody')} />
      ) : (
        <>
          <figure className="m-0" data-testid={`chart-${id}`}>
            <div role="img" aria-label={title} aria-describedby={summary ? `${id}-summary` : undefined}>
              {children}
            </div>
            {summary && (
              <figcaption id={`${id}-summary`} className="mt-3 text-sm text-fg-muted">
                {summary}
              </figcaption>
            )}
          </figure>
          {table && (
            <details className="mt-3 border-t border-line pt-3">
              <summary className="cursor-pointer text-sm font-medium text-primary-text">{t('showTable')}</summary>
              <div className="mt-3">{table}</div>
            </details>
          )}
        </>
      )}
    </Card>
  );
}
