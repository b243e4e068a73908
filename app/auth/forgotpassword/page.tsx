import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { formErrorMessageKey } from '@/lib/i18n/form-errors';
import { redirectIfSignedIn } from '@/lib/server/guard';
import { readResetState } from '@/lib/server/reset-state';
import { AuthCard } from '../_components/auth-card';
import { ForgotPasswordFlow } from './forgot-password-flow';
import type { ForgotStep } from './forgot-steps';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('auth.forgot');
  return { title: t('title') };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * /auth/forgotpassword (public): the three-step reset. The forms post themselves when scripts are off; the handlers
 * answer with `?step=2|3` (and `error=<code>`), and the step shown is the one the sealed reset cookie allows. A
 * signed-in user is sent on to their home page.
 */
export default async function ForgotPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  await redirectIfSignedIn();
  const params = await searchParams;
  const state = await readResetState(await cookies());
  const asked = first(params.step);
  const step: ForgotStep = asked === '3' && state?.resetToken ? 3 : (asked === '2' || asked === '3') && state ? 2 : 1;
  const t = await getTranslations('auth.forgot');
  return (
    <AuthCard title={t('title')} subtitle={t('subtitle')}>
      <ForgotPasswordFlow initialStep={step} initialInput={step > 1 ? (state?.input ?? '') : ''} errorKey={formErrorMessageKey(first(params.error))} />
    </AuthCard>
  );
}
