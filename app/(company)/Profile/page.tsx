import { ClientMessages } from '@/app/_components/i18n/client-messages';
import { ProfileScreen } from '@/app/_components/profile/profile-screen';
import { routeMetadata } from '@/app/_components/shell/route-metadata';
import { requirePage } from '@/lib/server/guard';

const PATH = '/Profile';

export async function generateMetadata() {
  return routeMetadata(PATH);
}

/** The user's own profile, on the company side. */
export default async function CompanyProfilePage() {
  const ctx = await requirePage(PATH);
  return (
    <ClientMessages namespaces="all">
      <ProfileScreen ctx={ctx} pathname={PATH} />
    </ClientMessages>
  );
}
