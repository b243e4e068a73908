'use client';

import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { passwordChangeSchema } from '@contract/resources/profile';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { PasswordField } from '../ui/password-input';
import { useToast } from '../ui/toast';
import { useFieldError } from '../resource/field-error';
import { useResourceSave } from '../resource/use-resource-save';

const EMPTY = { current: '', password: '', confirm: '' };

/** Change Password: the current one, the new one twice; every other session of the user ends. */
export function PasswordForm() {
  const t = useTranslations('profile.password');
  const tr = useTranslations('resource');
  const fieldError = useFieldError();
  const toast = useToast();
  const [values, setValues] = useState(EMPTY);
  const { save, errors, failure, pending } = useResourceSave({ method: 'POST', path: '/api/admin/Profile/password', schema: passwordChangeSchema });
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!(await save(values))) return;
    setValues(EMPTY);
    toast.show(t('changed'), { tone: 'success' });
  };
  const field = (name: keyof typeof EMPTY, autoComplete: string) => (
    <PasswordField
      id={`field-${name}`}
      label={t(name)}
      required
      autoComplete={autoComplete}
      value={values[name]}
      error={fieldError(errors[name])}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
    />
  );
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={pending || undefined}>
      <Card title={t('title')}>
        <div className="space-y-4">
          {failure && <Alert tone="error">{failure.status === 429 ? t('tooManyAttempts') : tr('actionFailed')}</Alert>}
          {field('current', 'current-password')}
          {field('password', 'new-password')}
          {field('confirm', 'new-password')}
          <p className="text-xs text-fg-muted">{t('othersEnd')}</p>
          <Button type="submit" busy={pending}>
            {t('submit')}
          </Button>
        </div>
      </Card>
    </form>
  );
}
