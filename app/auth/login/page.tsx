import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { redirectIfSignedIn } from '@/lib/server/guard';
import { AuthCard } from '../_components/auth-card';
import { LoginForm, type LoginNotice } from './login-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('auth.login');
  return { title: t('title') };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Why the user was sent here, from the query the server's redirects set. */
function noticeFor(params: Record<string, string | string[] | undefined>): LoginNotice | undefined {
  if (first(params.error) === '1') return { tone: 'error', key: 'spec.errors.wrongEmailOrPassword' };
  const reason = first(params.reason);
  if (reason === 'not-authorized') return { tone: 'error', key: 'spec.errors.notAuthorized' };
  if (reason === 'expired') return { tone: 'info', key: 'auth.reasons.expired' };
  if (reason === 'locked') return { tone: 'error', key: 'auth.reasons.locked' };
  if (reason === 'unavailable') return { tone: 'error', key: 'auth.reasons.unavailable' };
  if (reason === 'reset') return { tone: 'success', key: 'auth.forgot.done' };
  return undefined;
}

/** /auth/login (public). A signed-in user is sent on to their home page. */
export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  await redirectIfSignedIn();
  const params = await searchParams;
  const to = first(params.to);
  const t = await getTranslations('auth.login');
  return (
    <AuthCard title={t('title')} subtitle={t('subtitle')}>
      <LoginForm to={to && to.length <= 2048 ? to : undefined} notice={noticeFor(params)} />
    </AuthCard>
  );
}
