'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Alert } from '@/app/_components/ui/alert';
import { Button } from '@/app/_components/ui/button';
import { TextField } from '@/app/_components/ui/form-field';
import { PasswordField } from '@/app/_components/ui/password-input';
import { safePath } from '@/app/_components/ui/safe-path';
import { authLinkClasses } from '../_components/auth-card';
import { forgotInputFormSchema, newPasswordFormSchema, otpFormSchema } from '../_lib/form-schemas';
import { useAuthForm } from '../_lib/use-auth-form';
import { ForgotSteps, type ForgotStep } from './forgot-steps';

/**
 * The spec's three steps on one page: e-mail or username → the OTP sent to the user → a new password and its
 * confirmation → /auth/login. The upstream's reset data stays in a sealed cookie the server keeps. With scripts the
 * steps change in place; without them each form posts itself and the server answers with the next step's page
 * (`initialStep`, and `errorKey` when the step went wrong).
 */
export function ForgotPasswordFlow({ initialStep = 1, initialInput = '', errorKey }: { initialStep?: ForgotStep; initialInput?: string; errorKey?: string }) {
  const t = useTranslations();
  const [step, setStep] = useState<ForgotStep>(initialStep);
  const [input, setInput] = useState(initialInput);
  // The message of the step the server sent back to; gone once the user submits or moves to another step.
  const [pageError, setPageError] = useState(errorKey);
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
    onSuccess: () => go(2),
  });
  const verify = useAuthForm({ path: 'InputOTP', schema: otpFormSchema, failureKey: 'spec.errors.wrongOtp', onSuccess: () => go(3) });
  const reset = useAuthForm({
    path: 'IsOTP',
    schema: newPasswordFormSchema,
    failureKey: 'spec.errors.wrongOtp',
    onSuccess: (result) => {
      window.location.assign(safePath(result.redirect, '/auth/login'));
      return true;
    },
  });

  const go = (next: ForgotStep) => {
    setPageError(undefined);
    setStep(next);
  };
  const shownError = (formError: string | null) => formError ?? (pageError ? t(pageError) : null);
  /** A step's submit: the message the server sent back goes, the form's own checks and call take over. */
  const submitWith =
    (form: { submit: (event: FormEvent<HTMLFormElement>, values: unknown) => Promise<void> }, values: unknown) => (event: FormEvent<HTMLFormElement>) => {
      setPageError(undefined);
      void form.submit(event, values);
    };

  const heading = (key: string) => (
    <h2 ref={headingRef} tabIndex={-1} className="mb-1 text-base font-semibold text-fg outline-none">
      {t(key)}
    </h2>
  );

  return (
    <div>
      <ForgotSteps step={step} />
      {step === 1 && (
        <form
          method="post"
          action="/api/admin/auth/ForgotPassword"
          noValidate
          aria-busy={identify.pending || undefined}
          onSubmit={submitWith(identify, { input })}
          className="space-y-5"
        >
          {heading('auth.forgot.identifyTitle')}
          <p className="text-sm text-fg-muted">{t('auth.forgot.identifyHelp')}</p>
          {shownError(identify.formError) && <Alert>{shownError(identify.formError)}</Alert>}
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
        <form
          method="post"
          action="/api/admin/auth/InputOTP"
          noValidate
          aria-busy={verify.pending || undefined}
          onSubmit={submitWith(verify, { OTP: otp })}
          className="space-y-5"
        >
          {heading('auth.forgot.otpTitle')}
          <p className="text-sm text-fg-muted">{t('auth.forgot.otpHelp', { input })}</p>
          {shownError(verify.formError) && <Alert>{shownError(verify.formError)}</Alert>}
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
          <p className="text-center text-sm">
            <Link
              href="/auth/forgotpassword"
              onClick={(e) => {
                e.preventDefault();
                go(1);
              }}
              className={authLinkClasses}
            >
              {t('auth.forgot.changeInput')}
            </Link>
          </p>
        </form>
      )}
      {step === 3 && (
        <form
          method="post"
          action="/api/admin/auth/IsOTP"
          noValidate
          aria-busy={reset.pending || undefined}
          onSubmit={submitWith(reset, passwords)}
          className="space-y-5"
        >
          {heading('auth.forgot.passwordTitle')}
          {shownError(reset.formError) && <Alert>{shownError(reset.formError)}</Alert>}
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
