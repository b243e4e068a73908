import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import type { RouteDef } from '@/lib/routes';
import { PageHeader } from '../ui/page-header';
import { Breadcrumbs } from './breadcrumbs';

interface PageFrameProps {
  route: RouteDef;
  /** Defaults to the route's translated label. */
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** The top of every shell page: breadcrumbs from the registry and the page header with the route's label. */
export async function PageFrame({ route, title, description, actions, children }: PageFrameProps) {
  const t = await getTranslations('nav');
  return (
    <>
      <PageHeader title={title ?? t(route.label)} description={description} actions={actions} above={<Breadcrumbs route={route} />} />
      {children}
    </>
  );
}
