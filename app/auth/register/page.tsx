import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { redirectIfSignedIn } from '@/lib/server/guard';
import { AuthCard } from '../_components/auth-card';
import { RegisterForm } from './register-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('auth.register');
  return { title: t('title') };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** /auth/register (public). A signed-in user is sent on to their home page. */
export default async function RegisterPage({ searchParams }: { searchParams: SearchParams }) {
  await redirectIfSignedIn();
  const params = await searchParams;
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const to = first(params.to);
  const t = await getTranslations('auth.register');
  return (
    <AuthCard title={t('title')} subtitle={t('subtitle')}>
      <RegisterForm to={to && to.length <= 2048 ? to : undefined} failed={first(params.error) === '1'} />
    </AuthCard>
  );
}
