import 'server-only';
import { getTranslations } from 'next-intl/server';
import { RESOURCES } from '@/lib/resources';
import { apiPath } from '@/lib/resources/kit';
import { fetchResourceOne } from '@/lib/resources/server';
import type { PageContext } from '@/lib/server/guard';
import { canAt } from './access';
import { ResourceForm } from './resource-form';

/** Information: the company's own particulars, saved with its version, above the list of its offices. */
export async function CompanyPanel({ ctx, pathname }: { ctx: PageContext; pathname: string }) {
  const res = RESOURCES.company;
  const t = await getTranslations(res.namespace);
  const path = apiPath('', res);
  const row = await fetchResourceOne(path, res.schemas.detail, pathname);
  return (
    <section aria-label={t('title')} className="mb-6">
      <ResourceForm
        key={String(row.version)}
        resource={res.key}
        service=""
        mode="config"
        row={row}
        options={{}}
        isAdmin
        canSave={canAt(ctx, path, 'write')}
        listHref={pathname}
      />
      <h2 className="mt-8 mb-3 text-lg font-semibold text-fg">{t('offices')}</h2>
    </section>
  );
}
