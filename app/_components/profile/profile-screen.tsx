import 'server-only';
import { getTranslations } from 'next-intl/server';
import { profileSchema } from '@contract/resources/profile';
import { fetchData } from '@/lib/resources/server';
import { PageFrame } from '../shell/page-frame';
import type { ScreenProps } from '../shell/screens';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

/** `/Profile` (company and service side): the user's own profile and password. */
export async function ProfileScreen({ ctx, pathname }: Pick<ScreenProps, 'ctx' | 'pathname'>) {
  const t = await getTranslations('profile');
  const profile = await fetchData('/api/admin/Profile', profileSchema, pathname);
  return (
    <PageFrame route={ctx.route} description={t('description', { username: profile.username, email: profile.email })}>
      <div className="grid gap-4 xl:grid-cols-[1fr_24rem]">
        <ProfileForm key={profile.version} profile={profile} />
        <PasswordForm />
      </div>
    </PageFrame>
  );
}
