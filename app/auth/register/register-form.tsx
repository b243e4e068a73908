'use client';

import { useState, type ChangeEvent } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Alert } from '@/app/_components/ui/alert';
import { Button } from '@/app/_components/ui/button';
import { TextField } from '@/app/_components/ui/form-field';
import { PasswordField } from '@/app/_components/ui/password-input';
import { safePath } from '@/app/_components/ui/safe-path';
import { authLinkClasses } from '../_components/auth-card';
import { registerFormSchema } from '../_lib/form-schemas';
import { useAuthForm } from '../_lib/use-auth-form';

type Field = 'displayName' | 'email' | 'password' | 'Cpassword';

/** Display name, e-mail, password and its confirmation (a mismatch is caught before sending). */
export function RegisterForm({ to, failed = false }: { to?: string; failed?: boolean }) {
  const t = useTranslations();
  const [values, setValues] = useState<Record<Field, string>>({ displayName: '', email: '', password: '', Cpassword: '' });
  const form = useAuthForm({
    path: 'register',
    schema: registerFormSchema,
    onSuccess: (result) => {
      window.location.assign(safePath(result.redirect, '/'));
      return true;
    },
  });
  const set = (field: Field) => (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value }));

  return (
    // Without scripts the browser posts the form itself, answered with redirects (never a GET with the password).
    <form
      method="post"
      action="/api/admin/auth/register"
      noValidate
      aria-busy={form.pending || undefined}
      onSubmit={(event) => void form.submit(event, { ...values, ...(to ? { to } : {}) })}
      className="space-y-5"
    >
      {(form.formError || failed) && <Alert>{form.formError ?? t('auth.reasons.registerFailed')}</Alert>}
      {to && <input type="hidden" name="to" value={to} />}
      <TextField
        name="displayName"
        label={t('auth.register.displayName')}
        autoComplete="name"
        required
        value={values.displayName}
        error={form.fieldErrors.displayName}
        onChange={set('displayName')}
      />
      <TextField
        name="email"
        type="email"
        label={t('auth.register.email')}
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={values.email}
        error={form.fieldErrors.email}
        onChange={set('email')}
      />
      <PasswordField
        name="password"
        label={t('auth.register.password')}
        autoComplete="new-password"
        required
        value={values.password}
        error={form.fieldErrors.password}
        onChange={set('password')}
      />
      <PasswordField
        name="Cpassword"
        label={t('auth.register.confirmPassword')}
        autoComplete="new-password"
        required
        value={values.Cpassword}
        error={form.fieldErrors.Cpassword}
        onChange={set('Cpassword')}
      />
      <Button type="submit" block size="lg" busy={form.pending}>
        {form.pending ? t('auth.register.submitting') : t('auth.register.submit')}
      </Button>
      <p className="text-center text-sm text-fg-muted">
        {t('auth.register.haveAccount')}{' '}
        <Link href="/auth/login" className={authLinkClasses}>
          {t('auth.register.login')}
        </Link>
      </p>
    </form>
  );
}
