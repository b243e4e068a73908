import { RoutePlaceholder } from '@/app/_components/shell/route-placeholder';
import { pathFromSegments } from '@/app/_components/shell/shell-paths';

/** Every service route without a dedicated screen; unknown paths go to the 404 page. */
export default async function ServiceRoutePage({
  params,
  searchParams,
}: {
  params: Promise<{ service: string; slug: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ service, slug }, search] = await Promise.all([params, searchParams]);
  return <RoutePlaceholder pathname={pathFromSegments(`/Service/${encodeURIComponent(service)}`, slug)} area="service" searchParams={search} />;
}
