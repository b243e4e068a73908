'use client';

import { useId, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { bffJson, isBffError } from '@/lib/resources/bff-client';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { inputClasses } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';

/** Puts a biker on one of the open packages of their area ('Please Select Package and Select Biker' when none is chosen). */
export function PackageAssigner({
  url,
  version,
  current,
  packages,
}: {
  url: string;
  version: number;
  current: string | null;
  packages: readonly { id: string; name: string }[];
}) {
  const t = useTranslations('bikerAccount.view');
  const root = useTranslations();
  const tr = useTranslations('resource');
  const router = useRouter();
  const toast = useToast();
  const ids = useId();
  const [packageId, setPackageId] = useState(current ?? '');
  const [missing, setMissing] = useState(false);
  const mutation = useAction(() => bffJson(url, { method: 'PUT', body: { packageId, version } }), {
    onSuccess: () => {
      toast.show(t('packageSaved'), { tone: 'success' });
      router.refresh();
    },
  });
  const conflict = isBffError(mutation.error) && mutation.error.status === 409;
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={`${ids}-package`} className="mb-1 block text-sm font-medium text-fg">
          {t('package')}
        </label>
        <select
          id={`${ids}-package`}
          className={inputClasses()}
          value={packageId}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${ids}-package-error` : undefined}
          onChange={(e) => setPackageId(e.target.value)}
        >
          <option value="">{t('choosePackage')}</option>
          {packages.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        {missing && (
          <p id={`${ids}-package-error`} className="mt-1 text-sm text-danger-text">
            {root('spec.validation.selectPackageAndBiker')}
          </p>
        )}
      </div>
      {mutation.isError && <Alert tone="error">{conflict ? tr('staleStatus') : tr('actionFailed')}</Alert>}
      <Button
        variant="secondary"
        busy={mutation.isPending}
        onClick={() => {
          setMissing(!packageId);
          if (packageId) mutation.mutate();
        }}
      >
        {t('assignPackage')}
      </Button>
    </div>
  );
}
