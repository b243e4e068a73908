import { RoutePlaceholder } from '@/app/_components/shell/route-placeholder';
import { pathFromSegments } from '@/app/_components/shell/shell-paths';

/** Every company-area route without a dedicated screen; unknown paths go to the 404 page. */
export default async function CompanyRoutePage({ params }: { params: Promise<{ slug: string[] }> }) {
  const { slug } = await params;
  return <RoutePlaceholder pathname={pathFromSegments('', slug)} area="company" />;
}
