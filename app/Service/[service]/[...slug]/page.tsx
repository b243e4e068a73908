import { RouteScreen } from '@/app/_components/shell/route-screen';
import { routeMetadata } from '@/app/_components/shell/route-metadata';
import { pathFromSegments } from '@/app/_components/shell/shell-paths';

type Params = { params: Promise<{ service: string; slug: string[] }> };

export async function generateMetadata({ params }: Params) {
  const { service, slug } = await params;
  return routeMetadata(pathFromSegments(`/Service/${encodeURIComponent(service)}`, slug));
}

/** Every service route without a dedicated screen; unknown paths go to the 404 page. */
export default async function ServiceRoutePage({
  params,
  searchParams,
}: {
  params: Promise<{ service: string; slug: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ service, slug }, search] = await Promise.all([params, searchParams]);
  return <RouteScreen pathname={pathFromSegments(`/Service/${encodeURIComponent(service)}`, slug)} area="service" searchParams={search} />;
}
