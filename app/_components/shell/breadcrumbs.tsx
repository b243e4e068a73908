import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { breadcrumbsFor, type RouteDef } from '@/lib/routes';

/** The trail of a page, from the route registry: area home, menu group, page. */
export async function Breadcrumbs({ route }: { route: RouteDef }) {
  const t = await getTranslations();
  const trail = breadcrumbsFor(route);
  return (
    <nav aria-label={t('shell.breadcrumbs')}>
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-fg-muted" role="list">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          const label = crumb.group ? t(`navGroup.${crumb.label}`) : t(`nav.${crumb.label}`);
          return (
            <li key={`${crumb.label}-${index}`} className="flex items-center gap-1.5">
              {index > 0 ? (
                <span aria-hidden="true" className="rtl:rotate-180">
                  ›
                </span>
              ) : null}
              {crumb.href && !last ? (
                <Link href={crumb.href} prefetch={false} className="text-primary-text hover:underline">
                  {label}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined} className={last ? 'text-fg' : undefined}>
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
