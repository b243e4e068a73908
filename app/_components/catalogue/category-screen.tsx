import 'server-only';
import { getTranslations } from 'next-intl/server';
import { MAX_CATEGORY_DEPTH } from '@contract/lifecycle';
import { productCategoryContract } from '@contract/resources/product-category';
import { fetchForPage } from '@/lib/server/page-fetch';
import { fetchOptions, listAnswerSchema } from '@/lib/resources/server';
import { canAt } from '../resource/access';
import { PageFrame } from '../shell/page-frame';
import type { ScreenProps } from '../shell/screens';
import { Card } from '../ui/card';
import { CategoryTree, type CategoryNode } from './category-tree';

/** The most categories the tree reads (pages of 100). */
const MAX_PAGES = 20;

/**
 * `/Product/Category`: the area's category tree (an administrator's: one per area), as an indented list that opens
 * and closes; a user with the flags adds a root or a child, renames, deletes after a confirmation, and orders one
 * parent's children by hand (drag, keyboard or Up/Down), saved with `PUT …/Product/Category/Sort {ids}`.
 */
export async function ProductCategoryScreen({ ctx, pathname }: ScreenProps) {
  const service = String(ctx.route.service);
  const api = productCategoryContract.apiPath(service);
  const isAdmin = ctx.session.UserRole === 'admin';
  const rows: CategoryNode[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await fetchForPage(api, {
      schema: listAnswerSchema(productCategoryContract.schemas.item),
      returnTo: pathname,
      query: { page, pageSize: 100, sort: 'sortOrder', order: 'asc' },
    });
    for (const r of answer.data as Record<string, unknown>[]) {
      rows.push({
        id: String(r.id),
        parentId: r.parentId === null || r.parentId === undefined ? null : String(r.parentId),
        name: String(r.name),
        version: Number(r.version),
        sortOrder: Number(r.sortOrder ?? 0),
        areaId: String(r.areaId ?? ''),
        areaName: String(r.areaName ?? ''),
      });
    }
    if (page * 100 >= answer.total) break;
  }
  const areas = isAdmin ? ((await fetchOptions(service, ['areas'], pathname)).areas ?? []) : [];
  const t = await getTranslations('productCategory');
  return (
    <PageFrame route={ctx.route} description={t('description', { depth: MAX_CATEGORY_DEPTH })}>
      <Card>
        <CategoryTree
          api={api}
          rows={rows}
          areas={areas.map((a) => ({ value: a.value, label: a.label }))}
          isAdmin={isAdmin}
          maxDepth={MAX_CATEGORY_DEPTH}
          can={{
            create: canAt(ctx, api, 'create'),
            write: canAt(ctx, api, 'write'),
            delete: canAt(ctx, api, 'delete'),
            sort: canAt(ctx, `${api}/Sort`, 'write'),
          }}
        />
      </Card>
    </PageFrame>
  );
}
