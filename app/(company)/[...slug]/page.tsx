import { RouteScreen } from '@/app/_components/shell/route-screen';
import { routeMetadata } from '@/app/_components/shell/route-metadata';
import { pathFromSegments } from '@/app/_components/shell/shell-paths';

export async function generateMetadata({ params }: { params: Promise<{ slug: string[] }> }) {
  return routeMetadata(pathFromSegments('', (await params).slug));
}

/** Every company-area route without a dedicated screen (resource-kit lists too); unknown paths go to the 404 page. */
export default async function CompanyRoutePage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ slug }, search] = await Promise.all([params, searchParams]);
  return <RouteScreen pathname={pathFromSegments('', slug)} area="company" searchParams={search} />;
}
