'use client';

import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { paymentSettingUpdateSchema, type PaymentSetting } from '@contract/resources/payment-settings';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Checkbox } from '../ui/checkbox';
import { TextField } from '../ui/form-field';
import { PasswordField } from '../ui/password-input';
import { useToast } from '../ui/toast';
import { ConflictNotice } from '../resource/conflict-notice';
import { useFieldError } from '../resource/field-error';
import { useResourceSave } from '../resource/use-resource-save';

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
  const router = useRouter();
  const toast = useToast();
  const [values, setValues] = useState<Values>(() => valuesOf(setting));
  const [version, setVersion] = useState(setting.version);
  const [saved, setSaved] = useState(setting);
  const path = `/api/admin/${encodeURIComponent(service)}/Setting/Bank/${encodeURIComponent(setting.areaId)}/Config/${setting.provider}`;
  const { save, errors, conflict, clearConflict, failure, pending } = useResourceSave({ method: 'PUT', path, schema: paymentSettingUpdateSchema });

  const submit = async (withVersion = version) => {
    const { secretKey, ...rest } = values;
    const answer = await save({ ...rest, ...(secretKey.trim() ? { secretKey } : {}), version: withVersion });
    if (!answer) return;
    const next = answer as unknown as PaymentSetting;
    setSaved(next);
    setVersion(next.version);
    setValues(valuesOf(next));
    toast.show(t('saved'), { tone: 'success' });
    router.refresh();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };
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
      {conflict && (
        <ConflictNotice
          conflict={conflict}
          busy={pending}
          onReload={() => {
            setValues(valuesOf(conflict.current as unknown as PaymentSetting));
            setVersion(conflict.version);
            clearConflict();
          }}
          onOverwrite={() => void submit(conflict.version)}
        />
      )}
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
