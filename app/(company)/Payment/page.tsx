import { ClientMessages } from '@/app/_components/i18n/client-messages';
import { PaymentScreen } from '@/app/_components/billing/payment-screen';
import { routeMetadata } from '@/app/_components/shell/route-metadata';
import { requirePage } from '@/lib/server/guard';

const PATH = '/Payment';

export async function generateMetadata() {
  return routeMetadata(PATH);
}

/** Payment: the company's invoices and payments. */
export default async function PaymentPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await requirePage(PATH);
  return (
    <ClientMessages namespaces="all">
      <PaymentScreen ctx={ctx} pathname={PATH} searchParams={await searchParams} />
    </ClientMessages>
  );
}
