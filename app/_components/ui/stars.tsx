import { useTranslations } from 'next-intl';

/** A rating of 1 to 5 as ★ (given) and ☆ (not given) characters; assistive technology hears "4 of 5 stars". */
export function Stars({ value, className }: { value: number; className?: string }) {
  const t = useTranslations('resource');
  const given = Math.max(0, Math.min(5, Math.round(value)));
  return (
    <span role="img" aria-label={t('starsLabel', { count: given })} className={`whitespace-nowrap text-warning-text ${className ?? ''}`}>
      <span aria-hidden="true">
        {'★'.repeat(given)}
        <span className="text-fg-muted">{'☆'.repeat(5 - given)}</span>
      </span>
    </span>
  );
}
