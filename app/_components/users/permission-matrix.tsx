'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { permissionListSchema, type PermissionList } from '@/lib/permissions';
import { bffJson } from '@/lib/resources/bff-client';
import {
  changedEntries,
  columnState,
  diffMatrix,
  matrixOf,
  PERMISSION_FLAGS,
  rowState,
  setColumn,
  setFlag,
  setRow,
  type Matrix,
  type MatrixRow,
} from '@/lib/users/permission-matrix';
import type { PermissionService } from '@/lib/routes';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { inputClasses } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';

export interface PermissionMatrixProps {
  uid: string;
  service: PermissionService;
  rows: MatrixRow[];
  list: PermissionList;
  /** Other staff of the same service whose flags can be copied. */
  others: { id: string; label: string }[];
  canWrite: boolean;
}

/** A checkbox that shows "some" as the mixed state (select-all of a row or a column). */
function TriCheckbox({
  state,
  label,
  disabled,
  onChange,
}: {
  state: 'all' | 'some' | 'none';
  label: string;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      aria-checked={state === 'some' ? 'mixed' : state === 'all'}
      checked={state === 'all'}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
      className="size-4 accent-primary-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
    />
  );
}

const staffPath = (uid: string) => `/api/admin/Users/Staff/${encodeURIComponent(uid)}/permission`;

/**
 * Every menu of the staff member's service × read, write, create, delete: select-all per row and per column, copy from
 * another staff member, and the changes listed for confirmation before they are saved. Only the changed entries are
 * sent; the staff member's next navigation fetches the new list.
 */
export function PermissionMatrix({ uid, service, rows, list, others, canWrite }: PermissionMatrixProps) {
  const t = useTranslations('users.matrix');
  const nav = useTranslations('nav');
  const groups = useTranslations('navGroup');
  const router = useRouter();
  const toast = useToast();
  const loaded = useMemo(() => matrixOf(list, service, rows), [list, service, rows]);
  const [matrix, setMatrix] = useState<Matrix>(loaded);
  const [base, setBase] = useState<Matrix>(loaded);
  const [copyFrom, setCopyFrom] = useState('');
  const [confirming, setConfirming] = useState(false);
  const changes = diffMatrix(base, matrix, rows);
  const labelOf = (row: MatrixRow) => (row.group ? `${groups(row.group)} › ${nav(row.label)}` : nav(row.label));
  const byName = new Map(rows.map((r) => [r.name, r]));

  const copy = useAction(() => bffJson<{ data: unknown }>(staffPath(copyFrom)), {
    onSuccess: (answer) => {
      const parsed = permissionListSchema.safeParse(answer.data);
      if (parsed.success) setMatrix(matrixOf(parsed.data, service, rows));
    },
  });
  const save = useAction(() => bffJson<{ data: unknown }>(staffPath(uid), { method: 'PUT', body: changedEntries(service, matrix, changes) }), {
    onSuccess: (answer) => {
      const parsed = permissionListSchema.safeParse(answer.data);
      const next = parsed.success ? matrixOf(parsed.data, service, rows) : matrix;
      setBase(next);
      setMatrix(next);
      setConfirming(false);
      toast.show(t('saved', { count: changes.length }), { tone: 'success' });
      router.refresh();
    },
  });
  const disabled = !canWrite || save.isPending;

  return (
    <Card title={t('title')}>
      <p className="mb-3 text-sm text-muted">{t('intro')}</p>
      {canWrite && others.length > 0 && (
        <div className="mb-4 flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm">
            <span>{t('copyFrom')}</span>
            <select className={inputClasses(false)} value={copyFrom} onChange={(e) => setCopyFrom(e.target.value)}>
              <option value="">{t('choose')}</option>
              {others.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <Button variant="secondary" disabled={!copyFrom} busy={copy.isPending} onClick={() => copy.mutate()}>
            {t('copy')}
          </Button>
          {copy.isError && <Alert tone="error">{t('copyFailed')}</Alert>}
        </div>
      )}
      <div className="overflow-x-auto" role="region" aria-label={t('title')} tabIndex={0}>
        <table className="w-full min-w-[36rem] text-sm" data-testid="permission-matrix">
          <caption className="sr-only">{t('title')}</caption>
          <thead>
            <tr className="border-b border-line text-start">
              <th scope="col" className="py-2 pe-3 text-start font-medium">
                {t('menu')}
              </th>
              {PERMISSION_FLAGS.map((flag) => (
                <th key={flag} scope="col" className="px-2 py-2 text-center font-medium">
                  <div className="flex flex-col items-center gap-1">
                    <span>{t(`flags.${flag}`)}</span>
                    <TriCheckbox
                      state={columnState(matrix, flag)}
                      label={t('allOfColumn', { flag: t(`flags.${flag}`) })}
                      disabled={disabled}
                      onChange={(on) => setMatrix((m) => setColumn(m, flag, on))}
                    />
                  </div>
                </th>
              ))}
              <th scope="col" className="px-2 py-2 text-center font-medium">
                {t('all')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const label = labelOf(row);
              const flags = matrix[row.name];
              return (
                <tr key={row.name} className="border-b border-line/60" data-permission={row.name}>
                  <th scope="row" className="py-1.5 pe-3 text-start font-normal">
                    {label}
                  </th>
                  {PERMISSION_FLAGS.map((flag) => (
                    <td key={flag} className="px-2 py-1.5 text-center">
                      <input
                        type="checkbox"
                        aria-label={t('flagOf', { flag: t(`flags.${flag}`), menu: label })}
                        checked={flags?.[flag] === true}
                        disabled={disabled}
                        onChange={(e) => setMatrix((m) => setFlag(m, row.name, flag, e.target.checked))}
                        className="size-4 accent-primary-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
                      />
                    </td>
                  ))}
                  <td className="px-2 py-1.5 text-center">
                    <TriCheckbox
                      state={rowState(flags)}
                      label={t('allOfRow', { menu: label })}
                      disabled={disabled}
                      onChange={(on) => setMatrix((m) => setRow(m, row.name, on))}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {canWrite && (
        <div className="mt-4 flex flex-wrap items-center justify-end gap-3">
          <span className="text-sm text-muted" role="status">
            {changes.length > 0 ? t('pending', { count: changes.length }) : t('noChanges')}
          </span>
          <Button variant="secondary" disabled={changes.length === 0 || save.isPending} onClick={() => setMatrix(base)}>
            {t('discard')}
          </Button>
          <Button disabled={changes.length === 0} onClick={() => setConfirming(true)}>
            {t('review')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('confirmTitle', { count: changes.length })}
        description={
          <ul className="max-h-72 space-y-1 overflow-y-auto text-sm" aria-label={t('changes')}>
            {changes.map((c) => {
              const row = byName.get(c.name);
              return (
                <li key={`${c.name}|${c.flag}`} data-change={`${c.name}|${c.flag}`}>
                  {t(c.to ? 'grant' : 'revoke', { flag: t(`flags.${c.flag}`), menu: row ? labelOf(row) : c.name })}
                </li>
              );
            })}
          </ul>
        }
        confirmLabel={t('save')}
        busy={save.isPending}
        error={save.isError ? t('saveFailed') : undefined}
        onConfirm={() => save.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
