'use client';

import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Alert } from '@/app/_components/ui/alert';
import { Button } from '@/app/_components/ui/button';
import { TextField } from '@/app/_components/ui/form-field';
import { PasswordField } from '@/app/_components/ui/password-input';
import { safePath } from '@/app/_components/ui/safe-path';
import { authLinkClasses } from '../_components/auth-card';
import { PASSWORD_RESET_FLAG } from '../_lib/flags';
import { forgotInputFormSchema, newPasswordFormSchema, otpFormSchema } from '../_lib/form-schemas';
import { useAuthForm } from '../_lib/use-auth-form';
import { ForgotSteps, type ForgotStep } from './forgot-steps';

/**
 * The spec's three steps on one page: e-mail or username → the OTP sent to the user → a new password and its
 * confirmation → /auth/login. The upstream's reset data stays in a sealed cookie the server keeps.
 */
export function ForgotPasswordFlow() {
  const t = useTranslations();
  const [step, setStep] = useState<ForgotStep>(1);
  const [input, setInput] = useState('');
  const [otp, setOtp] = useState('');
  const [passwords, setPasswords] = useState({ password: '', Cpassword: '' });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    // Move focus to the new step's heading so keyboard and screen-reader users know the step changed.
    if (moved.current) headingRef.current?.focus();
    moved.current = true;
  }, [step]);

  const identify = useAuthForm({
    path: 'ForgotPassword',
    schema: forgotInputFormSchema,
    failureKey: 'spec.errors.wrongEmailOrPassword',
    onSuccess: () => setStep(2),
  });
  const verify = useAuthForm({ path: 'InputOTP', schema: otpFormSchema, failureKey: 'spec.errors.wrongOtp', onSuccess: () => setStep(3) });
  const reset = useAuthForm({
    path: 'IsOTP',
    schema: newPasswordFormSchema,
    failureKey: 'spec.errors.wrongOtp',
    onSuccess: (result) => {
      try {
        window.sessionStorage.setItem(PASSWORD_RESET_FLAG, '1');
      } catch {
        // Without storage the login page simply shows no confirmation.
      }
      window.location.assign(safePath(result.redirect, '/auth/login'));
      return true;
    },
  });

  const heading = (key: string) => (
    <h2 ref={headingRef} tabIndex={-1} className="mb-1 text-base font-semibold text-fg outline-none">
      {t(key)}
    </h2>
  );

  return (
    <div>
      <ForgotSteps step={step} />
      {step === 1 && (
        <form noValidate aria-busy={identify.pending || undefined} onSubmit={(e) => void identify.submit(e, { input })} className="space-y-5">
          {heading('auth.forgot.identifyTitle')}
          <p className="text-sm text-fg-muted">{t('auth.forgot.identifyHelp')}</p>
          {identify.formError && <Alert>{identify.formError}</Alert>}
          <TextField
            name="input"
            label={t('auth.forgot.input')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={input}
            error={identify.fieldErrors.input}
            onChange={(e) => setInput(e.target.value)}
          />
          <Button type="submit" block size="lg" busy={identify.pending}>
            {identify.pending ? t('common.sending') : t('auth.forgot.sendOtp')}
          </Button>
        </form>
      )}
      {step === 2 && (
        <form noValidate aria-busy={verify.pending || undefined} onSubmit={(e) => void verify.submit(e, { OTP: otp })} className="space-y-5">
          {heading('auth.forgot.otpTitle')}
          <p className="text-sm text-fg-muted">{t('auth.forgot.otpHelp', { input })}</p>
          {verify.formError && <Alert>{verify.formError}</Alert>}
          <TextField
            name="OTP"
            label={t('auth.forgot.otp')}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={otp}
            error={verify.fieldErrors.OTP}
            onChange={(e) => setOtp(e.target.value)}
          />
          <Button type="submit" block size="lg" busy={verify.pending}>
            {verify.pending ? t('common.checking') : t('auth.forgot.verify')}
          </Button>
          <button type="button" onClick={() => setStep(1)} className={`w-full text-center text-sm ${authLinkClasses}`}>
            {t('auth.forgot.changeInput')}
          </button>
        </form>
      )}
      {step === 3 && (
        <form noValidate aria-busy={reset.pending || undefined} onSubmit={(e) => void reset.submit(e, passwords)} className="space-y-5">
          {heading('auth.forgot.passwordTitle')}
          {reset.formError && <Alert>{reset.formError}</Alert>}
          <PasswordField
            name="password"
            label={t('auth.forgot.newPassword')}
            autoComplete="new-password"
            required
            value={passwords.password}
            error={reset.fieldErrors.password}
            onChange={(e) => setPasswords((v) => ({ ...v, password: e.target.value }))}
          />
          <PasswordField
            name="Cpassword"
            label={t('auth.forgot.confirmPassword')}
            autoComplete="new-password"
            required
            value={passwords.Cpassword}
            error={reset.fieldErrors.Cpassword}
            onChange={(e) => setPasswords((v) => ({ ...v, Cpassword: e.target.value }))}
          />
          <Button type="submit" block size="lg" busy={reset.pending}>
            {reset.pending ? t('common.saving') : t('auth.forgot.save')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-fg-muted">
        <Link href="/auth/login" className={authLinkClasses}>
          {t('auth.forgot.backToLogin')}
        </Link>
      </p>
    </div>
  );
}
