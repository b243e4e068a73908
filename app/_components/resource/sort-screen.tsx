import 'server-only';
import { getTranslations } from 'next-intl/server';
import { RESOURCES } from '@/lib/resources';
import { pagePath } from '@/lib/resources/kit';
import { PageFrame } from '../shell/page-frame';
import { Card } from '../ui/card';
import { canSortAt, serviceOfPage } from './access';
import { ResourceListScreen, type KitScreenProps } from './resource-page';
import { SortPanel } from './sort-page';

/** The kit's hand-ordering route: a Sort page, or a list's `?reorder=1` (the ordering above the rows). */
export async function ResourceSortScreen(props: KitScreenProps) {
  const { page, ctx, pathname } = props;
  const service = serviceOfPage(ctx);
  const res = RESOURCES[page.resource];
  const canSort = canSortAt(ctx, service, res);
  if (page.mode === 'sort') {
    return (
      <PageFrame route={ctx.route}>
        <Card>
          <SortPanel res={res} service={service} pathname={pathname} canWrite={canSort} />
        </Card>
      </PageFrame>
    );
  }
  if (!res.handOrder || !canSort) return <ResourceListScreen {...props} />;
  const t = await getTranslations('resource');
  const above = (
    <section aria-labelledby="reorder-title" className="mb-6">
      <Card>
        <h2 id="reorder-title" className="mb-3 text-lg font-semibold text-fg">
          {t('handOrder.reorder')}
        </h2>
        <SortPanel res={res} service={service} pathname={pathname} canWrite={canSort} onSavedHref={pagePath(service, res.routes.list)} />
      </Card>
    </section>
  );
  return <ResourceListScreen {...props} above={above} />;
}
