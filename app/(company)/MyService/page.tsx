import { ClientMessages } from '@/app/_components/i18n/client-messages';
import { MyServiceScreen } from '@/app/_components/billing/my-service-screen';
import { routeMetadata } from '@/app/_components/shell/route-metadata';
import { requirePage } from '@/lib/server/guard';

const PATH = '/MyService';

export async function generateMetadata() {
  return routeMetadata(PATH);
}

/** My services: the company's plan and its use. */
export default async function MyServicePage() {
  const ctx = await requirePage(PATH);
  return (
    <ClientMessages namespaces="all">
      <MyServiceScreen ctx={ctx} pathname={PATH} />
    </ClientMessages>
  );
}
