'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Alert } from '@/app/_components/ui/alert';
import { Button } from '@/app/_components/ui/button';
import { Checkbox } from '@/app/_components/ui/checkbox';
import { TextField } from '@/app/_components/ui/form-field';
import { PasswordField } from '@/app/_components/ui/password-input';
import { safePath } from '@/app/_components/ui/safe-path';
import { authLinkClasses } from '../_components/auth-card';
import { loginFormSchema } from '../_lib/form-schemas';
import { useAuthForm } from '../_lib/use-auth-form';

export interface LoginNotice {
  tone: 'error' | 'info' | 'success';
  key: string;
}

/** Username or e-mail, password (show/hide), remember me. `to` goes with the call; the server decides the target. */
export function LoginForm({ to, notice }: { to?: string; notice?: LoginNotice }) {
  const t = useTranslations();
  const [values, setValues] = useState({ username: '', password: '', remember: false });
  const [noticeDismissed, setNoticeDismissed] = useState(false);
  const form = useAuthForm({
    path: 'login',
    schema: loginFormSchema,
    failureKey: 'spec.errors.wrongEmailOrPassword',
    onSuccess: (result) => {
      window.location.assign(safePath(result.redirect, '/'));
      return true;
    },
  });

  const shownNotice: LoginNotice | undefined = noticeDismissed ? undefined : notice;
  const registerHref = to ? `/auth/register?to=${encodeURIComponent(to)}` : '/auth/register';
  const alert = form.formError ? { tone: 'error' as const, text: form.formError } : shownNotice ? { tone: shownNotice.tone, text: t(shownNotice.key) } : null;

  return (
    <form
      // Without scripts the browser posts the form itself: to the same handler, answered with redirects (never a GET
      // that would put the password in the address).
      method="post"
      action="/api/admin/auth/login"
      noValidate
      aria-busy={form.pending || undefined}
      onSubmit={(event) => {
        setNoticeDismissed(true);
        void form.submit(event, { ...values, ...(to ? { to } : {}) });
      }}
      className="space-y-5"
    >
      {alert && <Alert tone={alert.tone}>{alert.text}</Alert>}
      {to && <input type="hidden" name="to" value={to} />}
      <TextField
        name="username"
        label={t('auth.login.username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={values.username}
        error={form.fieldErrors.username}
        onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))}
      />
      <PasswordField
        name="password"
        label={t('auth.login.password')}
        autoComplete="current-password"
        required
        value={values.password}
        error={form.fieldErrors.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Checkbox
          name="remember"
          label={t('auth.login.remember')}
          checked={values.remember}
          onChange={(e) => setValues((v) => ({ ...v, remember: e.target.checked }))}
        />
        <Link href="/auth/forgotpassword" className={`text-sm ${authLinkClasses}`}>
          {t('auth.login.forgot')}
        </Link>
      </div>
      <Button type="submit" block size="lg" busy={form.pending}>
        {form.pending ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
      <p className="text-center text-sm text-fg-muted">
        {t('auth.login.noAccount')}{' '}
        <Link href={registerHref} className={authLinkClasses}>
          {t('auth.login.register')}
        </Link>
      </p>
    </form>
  );
}
