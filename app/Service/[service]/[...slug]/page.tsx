import { RouteScreen } from '@/app/_components/shell/route-screen';
import { routeMetadata } from '@/app/_components/shell/route-metadata';
import { pathFromSegments } from '@/app/_components/shell/shell-paths';

type Params = { params: Promise<{ service: string; slug: string[] }> };

export async function generateMetadata({ params }: Params) {
  const { service, slug } = await params;
  return routeMetadata(pathFromSegments(`/Service/${encodeURIComponent(service)}`, slug));
}

/**
 * Every service route without a dedicated screen; unknown paths go to the 404 page.
 *
 * No loading.tsx here: its Suspense boundary made React stream the page after the shell (React outlines a boundary
 * once 12.8 kB of the document has been sent, and the side menu alone is more) and, when it missed the batch of the
 * navbar's own boundaries, reveal it 300 ms after them: the heading and search box painted a third of a second late, once
 * the framework's scripts had run; Lighthouse then counted all of them into the LCP (docs/BENCHMARKS.md, "LCP of a
 * list page"). The page renders with the shell instead; the server answers both together anyway.
 */
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
