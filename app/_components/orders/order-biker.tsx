'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { orderBikerSchema, type BikerOption } from '@/lib/resources/orders-schemas';
import { statusDef } from '@/lib/status';
import { useFieldError } from '../resource/field-error';
import { Button } from '../ui/button';
import { FormField, inputClasses } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { ActionFailure } from './action-failure';
import { useOrderAction } from './use-order-action';

interface OrderBikerProps {
  path: string;
  /** The order has a biker: the action changes it (`biker_change`), else it assigns one. */
  change: boolean;
  bikers: BikerOption[];
}

/** Assign or change the biker: the area's bikers that are not offline; the choice stays on an error. */
export function OrderBiker({ path, change, bikers }: OrderBikerProps) {
  const t = useTranslations('orders.biker');
  const root = useTranslations();
  const toast = useToast();
  const fieldError = useFieldError();
  const [bikerId, setBikerId] = useState('');
  const action = useOrderAction(path, orderBikerSchema);

  const presence = (value?: string | null) => {
    const found = value ? statusDef('presence', value) : null;
    return found ? root(`status.presence.${found.key}`) : (value ?? '');
  };
  const submit = async () => {
    if (await action.run({ bikerId })) {
      setBikerId('');
      toast.show(change ? t('changed') : t('assigned'), { tone: 'success' });
    }
  };
  if (bikers.length === 0) return <p className="text-sm text-fg-muted">{t('none')}</p>;
  const error = fieldError(action.fieldErrors.bikerId);
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormField label={change ? t('newBiker') : t('biker')} error={error} required id="order-biker">
        {(control) => (
          <select {...control} aria-required className={inputClasses(Boolean(error))} value={bikerId} onChange={(e) => setBikerId(e.target.value)}>
            <option value="">{t('choose')}</option>
            {bikers.map((b) => (
              <option key={b.id} value={b.id}>
                {`${b.name} · ${presence(b.presence)}`}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {action.failure && <ActionFailure failure={action.failure} onReload={action.reload} />}
      <Button type="submit" busy={action.pending}>
        {change ? t('change') : t('assign')}
      </Button>
    </form>
  );
}
