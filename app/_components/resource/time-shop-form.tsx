'use client';

import { useCallback, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { apiPath, pagePath, type Option } from '@/lib/resources/kit';
import { timeShopResource, type TimeShopHours } from '@/lib/resources/time-shop';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { FormField, inputClasses } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { ConflictNotice } from './conflict-notice';
import { DeleteButton } from './delete-button';
import { useFieldError } from './field-error';
import { useResourceSave } from './use-resource-save';
import { ShopSearch, withSelected } from './shop-search';
import { WeekEditor } from './week-editor';

/** All seven days, Sunday first, with the ranges the row has. */
export function fullWeek(hours: unknown): TimeShopHours {
  const given = Array.isArray(hours) ? (hours as TimeShopHours) : [];
  return [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, ranges: given.find((d) => d.day === day)?.ranges.map((r) => ({ ...r })) ?? [] }));
}

interface TimeShopFormProps {
  service: string;
  mode: 'add' | 'edit';
  row: Record<string, unknown>;
  shops: Option[];
  canSave: boolean;
  canDelete?: boolean;
  listHref: string;
}

/** A shop's weekly opening hours: the shop (on add) and several ranges a day, errors beside each range. */
export function TimeShopForm({ service, mode, row, shops, canSave, canDelete = false, listHref }: TimeShopFormProps) {
  const t = useTranslations('timeShop');
  const tr = useTranslations('resource');
  const fieldError = useFieldError();
  const router = useRouter();
  const toast = useToast();
  const id = row.id === undefined ? undefined : String(row.id);
  const base = apiPath(service, timeShopResource);
  const [shopId, setShopId] = useState(String(row.shopId ?? ''));
  const [found, setFound] = useState<Option[] | null>(null);
  const [seen, setSeen] = useState<Option[]>(shops);
  const showFound = useCallback((results: Option[] | null) => {
    setFound(results);
    if (results) setSeen((before) => [...before, ...results.filter((r) => !before.some((b) => b.value === r.value))]);
  }, []);
  const [hours, setHours] = useState<TimeShopHours>(() => fullWeek(row.hours));
  const [version, setVersion] = useState(typeof row.version === 'number' ? row.version : 0);
  const { save, errors, conflict, clearConflict, failure, pending } = useResourceSave({
    method: mode === 'add' ? 'POST' : 'PUT',
    path: mode === 'edit' && id ? `${base}/${encodeURIComponent(id)}` : base,
    schema: mode === 'add' ? timeShopResource.schemas.create : timeShopResource.schemas.update,
  });

  const submit = async (withVersion = version) => {
    const saved = await save(mode === 'add' ? { shopId, hours } : { shopId, hours, version: withVersion });
    if (!saved) return;
    toast.show(mode === 'add' ? tr('created') : tr('saved'), { tone: 'success' });
    if (mode === 'add') {
      router.push(saved.id === undefined ? listHref : pagePath(service, '/TimeShop/View', String(saved.id)));
    } else if (typeof saved.version === 'number') setVersion(saved.version);
    router.refresh();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {conflict && (
        <ConflictNotice
          conflict={conflict}
          busy={pending}
          onReload={() => {
            setHours(fullWeek(conflict.current.hours));
            setVersion(conflict.version);
            clearConflict();
          }}
          onOverwrite={() => void submit(conflict.version)}
        />
      )}
      {Object.keys(errors).length > 0 && <Alert tone="error">{tr('checkFields')}</Alert>}
      {failure && <Alert tone="error">{tr('actionFailed')}</Alert>}
      <Card title={t('sections.main')}>
        {mode === 'add' ? (
          <FormField id="field-shopId" label={t('fields.shopId')} error={fieldError(errors.shopId)} required>
            {(control) => (
              <div className="space-y-2">
                <ShopSearch service={service} label={t('searchShops')} hint={t('searchShopsHint')} disabled={!canSave} onResults={showFound} />
                <select
                  {...control}
                  className={inputClasses(Boolean(errors.shopId))}
                  value={shopId}
                  onChange={(e) => setShopId(e.target.value)}
                  disabled={!canSave}
                >
                  <option value="">{tr('choose')}</option>
                  {withSelected(found ?? shops, seen, shopId).map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </FormField>
        ) : (
          <p className="text-sm text-fg">
            <span className="font-medium">{t('fields.shopId')}: </span>
            {String(row.shopName ?? row.shopId)}
          </p>
        )}
      </Card>
      <Card title={t('sections.hours')}>
        <WeekEditor hours={hours} onChange={setHours} errors={errors} disabled={!canSave} />
      </Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>{mode === 'edit' && canDelete && id && <DeleteButton path={`${base}/${encodeURIComponent(id)}`} afterHref={listHref} />}</div>
        {canSave && (
          <Button type="submit" busy={pending}>
            {mode === 'add' ? tr('create') : tr('save')}
          </Button>
        )}
      </div>
    </form>
  );
}
