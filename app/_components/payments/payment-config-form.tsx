'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { paymentSettingUpdateSchema, type PaymentSetting } from '@contract/resources/payment-settings';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Checkbox } from '../ui/checkbox';
import { TextField } from '../ui/form-field';
import { PasswordField } from '../ui/password-input';
import { useFieldError } from '../resource/field-error';
import { useVersionedForm } from '../resource/use-versioned-form';

const TEXT_FIELDS = {
  keys: ['merchantId', 'publicKey'],
  bank: ['Short_Bank_name', 'Bank_name', 'Bank_account_number'],
} as const;
type TextFieldName = (typeof TEXT_FIELDS)[keyof typeof TEXT_FIELDS][number];
type Values = Record<TextFieldName, string> & { enabled: boolean; secretKey: string };

const valuesOf = (s: PaymentSetting): Values => ({
  enabled: s.enabled,
  merchantId: s.merchantId,
  publicKey: s.publicKey,
  secretKey: '',
  Short_Bank_name: s.Short_Bank_name,
  Bank_name: s.Bank_name,
  Bank_account_number: s.Bank_account_number,
});

/**
 * A provider's settings of an area. The secret key field starts empty and, left empty, keeps the saved key; it is
 * never filled from the server. Errors show beside their fields and a stale save shows who saved first, with what
 * was typed kept.
 */
export function PaymentConfigForm({ service, setting }: { service: string; setting: PaymentSetting }) {
  const t = useTranslations('payments.form');
  const tr = useTranslations('resource');
  const fieldError = useFieldError();
  const [saved, setSaved] = useState(setting);
  const path = `/api/admin/${encodeURIComponent(service)}/Setting/Bank/${encodeURIComponent(setting.areaId)}/Config/${setting.provider}`;
  const { values, setValues, onSubmit, conflictNotice, errors, failure, pending } = useVersionedForm<Values, PaymentSetting>({
    path,
    schema: paymentSettingUpdateSchema,
    record: setting,
    valuesOf,
    // An empty secret field keeps the saved key.
    bodyOf: ({ secretKey, ...rest }) => ({ ...rest, ...(secretKey.trim() ? { secretKey } : {}) }),
    onSaved: setSaved,
  });
  const text = (name: TextFieldName) => (
    <TextField
      key={name}
      id={`field-${name}`}
      label={t(name)}
      value={values[name]}
      error={fieldError(errors[name])}
      autoComplete="off"
      inputMode={name === 'Bank_account_number' ? 'numeric' : undefined}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
    />
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={pending || undefined}>
      {conflictNotice}
      {Object.keys(errors).length > 0 && <Alert tone="error">{tr('checkFields')}</Alert>}
      {failure && <Alert tone="error">{failure.status === 403 ? tr('notAllowed') : tr('actionFailed')}</Alert>}
      <Card title={t('keys')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <Checkbox
              id="field-enabled"
              label={t('enabled')}
              checked={values.enabled}
              onChange={(e) => setValues((v) => ({ ...v, enabled: e.target.checked }))}
            />
          </div>
          {TEXT_FIELDS.keys.map(text)}
          <PasswordField
            id="field-secretKey"
            label={t('secretKey')}
            value={values.secretKey}
            autoComplete="new-password"
            hint={saved.secretKeySet ? t('secretHintSet', { last4: saved.secretKeyLast4 }) : t('secretHintNone')}
            error={fieldError(errors.secretKey)}
            onChange={(e) => setValues((v) => ({ ...v, secretKey: e.target.value }))}
          />
        </div>
      </Card>
      <Card title={t('bankSection')}>
        <div className="grid gap-4 sm:grid-cols-3">{TEXT_FIELDS.bank.map(text)}</div>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" busy={pending}>
          {pending ? tr('saving') : tr('save')}
        </Button>
      </div>
    </form>
  );
}
