import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { redirectIfSignedIn } from '@/lib/server/guard';
import { AuthCard } from '../_components/auth-card';
import { ForgotPasswordFlow } from './forgot-password-flow';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('auth.forgot');
  return { title: t('title') };
}

/** /auth/forgotpassword (public): the three-step reset. A signed-in user is sent on to their home page. */
export default async function ForgotPasswordPage() {
  await redirectIfSignedIn();
  const t = await getTranslations('auth.forgot');
  return (
    <AuthCard title={t('title')} subtitle={t('subtitle')}>
      <ForgotPasswordFlow />
    </AuthCard>
  );
}
