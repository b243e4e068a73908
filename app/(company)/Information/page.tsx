import { ClientMessages } from '@/app/_components/i18n/client-messages';
import { kitNamespaces } from '@/app/_components/resource/client-namespaces';
import { CompanyPanel } from '@/app/_components/resource/company-panel';
import { ResourceListScreen, type SearchParams } from '@/app/_components/resource/resource-page';
import { routeMetadata } from '@/app/_components/shell/route-metadata';
import { resourcePageFor } from '@/lib/resources';
import { requirePage } from '@/lib/server/guard';

const PATH = '/Information';

export async function generateMetadata() {
  return routeMetadata(PATH);
}

/** Information: the company's particulars, then its offices (the registry's kit list). */
export default async function InformationPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [ctx, search] = await Promise.all([requirePage(PATH), searchParams]);
  const page = resourcePageFor(ctx.route)!;
  return (
    // The list's namespaces and the company form's above it.
    <ClientMessages namespaces={[...kitNamespaces(page), ...kitNamespaces({ resource: 'company', mode: 'view' })]}>
      <ResourceListScreen page={page} ctx={ctx} pathname={PATH} searchParams={search} above={<CompanyPanel ctx={ctx} pathname={PATH} />} />
    </ClientMessages>
  );
}
