import { ClientMessages } from '@/app/_components/i18n/client-messages';
import { AuditEntryScreen } from '@/app/_components/audit/audit-entry-screen';
import { routeMetadata } from '@/app/_components/shell/route-metadata';
import { requirePage } from '@/lib/server/guard';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  return routeMetadata(`/Log/View/${(await params).id}`);
}

/** One entry of the audit log (company area). */
export default async function AuditEntryPage({ params }: { params: Promise<{ id: string }> }) {
  const path = `/Log/View/${encodeURIComponent((await params).id)}`;
  const ctx = await requirePage(path);
  return (
    <ClientMessages namespaces="all">
      <AuditEntryScreen ctx={ctx} pathname={path} />
    </ClientMessages>
  );
}
