import { useTranslations } from 'next-intl';

/** A placeholder of a list page while it loads: header, controls and rows in grey. */
export function ListSkeleton() {
  const t = useTranslations('common');
  return (
    <div role="status" aria-live="polite" className="animate-pulse space-y-4">
      <span className="sr-only">{t('loading')}</span>
      <div className="h-8 w-56 rounded bg-surface-muted" />
      <div className="rounded-lg border border-line bg-surface p-5">
        <div className="mb-4 flex gap-3">
          <div className="h-10 flex-1 rounded bg-surface-muted" />
          <div className="h-10 w-44 rounded bg-surface-muted" />
          <div className="h-10 w-28 rounded bg-surface-muted" />
        </div>
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="mb-2 h-9 rounded bg-surface-muted/70" />
        ))}
      </div>
    </div>
  );
}
