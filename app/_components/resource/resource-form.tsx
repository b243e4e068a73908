'use client';

import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { resourceByKey } from '@/lib/resources';
import { isShown, resolveKind, toBody, toFormValues, type FormValues } from '@/lib/resources/form-values';
import { apiPath, pagePath, type FieldDef, type Option, type OptionSource } from '@/lib/resources/kit';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { useToast } from '../ui/toast';
import { ConflictNotice } from './conflict-notice';
import { DeleteButton } from './delete-button';
import { FieldInput } from './field-input';
import { ImageInput } from './image-input';
import { MultiSelect } from './multi-select';
import { RowsInput } from './rows-input';
import { useFieldError } from './field-error';
import { useResourceSave } from './use-resource-save';

/** A form value of an image field as the list the image input shows. */
const imageValue = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? [value] : []);
/** The first error of a list field's items (`images.2`), when the list itself has none. */
const firstNested = (errors: Record<string, string[]>, name: string): string[] | undefined =>
  Object.entries(errors).find(([key]) => key.startsWith(`${name}.`))?.[1];

export interface ResourceFormProps {
  resource: string;
  service: string;
  /** add: POST to the list path; edit: PUT to `/{id}` with `version`; config: PUT to the list path with `version`. */
  mode: 'add' | 'edit' | 'config';
  row: Record<string, unknown>;
  options: Partial<Record<OptionSource, Option[]>>;
  isAdmin: boolean;
  canSave: boolean;
  canDelete?: boolean;
  /** Where to go after a create or a delete. */
  listHref: string;
  /** The query a config save carries (`?areaId=` of a per-area settings record). */
  query?: string;
  /** The module's approval right: without it, a field's `approvalOptions` are not offered. */
  canApprove?: boolean;
}

/** One form for Add and View/Edit: client validation with the module's schema, server errors beside the fields, conflicts. */
export function ResourceForm({
  resource,
  service,
  mode,
  row,
  options,
  isAdmin,
  canSave,
  canDelete = false,
  listHref,
  query = '',
  canApprove = true,
}: ResourceFormProps) {
  const res = resourceByKey(resource)!;
  const t = useTranslations('resource');
  const tm = useTranslations(res.namespace);
  const fieldError = useFieldError();
  const router = useRouter();
  const toast = useToast();
  const id = row.id === undefined ? undefined : String(row.id);
  const [values, setValues] = useState<FormValues>(() => toFormValues(res, row));
  const [version, setVersion] = useState<number>(typeof row.version === 'number' ? row.version : 0);
  const base = apiPath(service, res);
  const { save, errors, params, conflict, clearConflict, failure, pending } = useResourceSave({
    method: mode === 'add' ? 'POST' : 'PUT',
    path: mode === 'edit' && id ? `${base}/${encodeURIComponent(id)}` : `${base}${mode === 'config' ? query : ''}`,
    schema: mode === 'add' ? res.schemas.create : res.schemas.update,
  });

  const submit = async (withVersion = version) => {
    const body = toBody(res, values, { mode: mode === 'add' ? 'add' : 'edit', isAdmin });
    const saved = await save(mode === 'add' ? body : { ...body, version: withVersion });
    if (!saved) return;
    if (mode === 'add') {
      toast.show(t('created'), { tone: 'success' });
      const newId = saved.id === undefined ? null : String(saved.id);
      // The next page renders fresh; a refresh beside the navigation would race it (and fall back to a full load).
      router.push(newId && res.routes.view ? pagePath(service, res.routes.view, newId) : listHref);
      return;
    }
    if (typeof saved.version === 'number') setVersion(saved.version);
    toast.show(t('saved'), { tone: 'success' });
    router.refresh();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };
  const reloadTheirs = () => {
    if (!conflict) return;
    setValues(toFormValues(res, conflict.current));
    setVersion(conflict.version);
    clearConflict();
  };
  const overwrite = () => conflict && void submit(conflict.version);

  const shown = Object.keys(errors).length > 0;
  const onForm = (f: FieldDef) => !(f.createOnly && mode !== 'add') && !(f.adminOnly && !isAdmin) && isShown(f, values);
  const visible = res.sections.flatMap((section) => section.fields.filter(onForm));
  // Options that name an area (shops) are those of the row's area once the form names one (or, for a per-area
  // settings record, the record's area).
  const area =
    typeof values.areaId === 'string' && values.areaId ? values.areaId : mode === 'config' && typeof row.areaId === 'string' && row.areaId ? row.areaId : null;
  const optionsOf = (field: FieldDef): Option[] => {
    const given = field.options ? [...field.options] : field.optionsFrom ? (options[field.optionsFrom] ?? []) : [];
    const all = canApprove ? given : given.filter((o) => !field.approvalOptions?.includes(o.value));
    return area ? all.filter((o) => !o.area || o.area === area) : all;
  };
  // An error of a field the form does not show (a table the area already has, for staff who do not pick the area).
  const unplaced = Object.keys(errors)
    .filter((key) => !visible.some((f) => key === f.name || key.startsWith(`${f.name}.`)))
    .map((key) => fieldError(errors[key], params[key]))
    .filter(Boolean);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={pending || undefined}>
      {conflict && <ConflictNotice conflict={conflict} onReload={reloadTheirs} onOverwrite={overwrite} busy={pending} />}
      {shown && <Alert tone="error">{unplaced.length ? unplaced.join(' ') : t('checkFields')}</Alert>}
      {failure && <Alert tone="error">{failure.status === 403 ? t('notAllowed') : t('actionFailed')}</Alert>}
      {res.sections.map((section) => (
        <Card key={section.title} title={tm(section.title)}>
          <div className="grid gap-4 sm:grid-cols-2">
            {section.fields
              .filter(onForm)
              .map((field) =>
                field.kind === 'multiSelect' ? (
                  <MultiSelect
                    key={field.name}
                    id={`field-${field.name}`}
                    name={field.name}
                    label={tm(field.label)}
                    value={Array.isArray(values[field.name]) ? (values[field.name] as string[]) : []}
                    options={optionsOf(field)}
                    error={fieldError(errors[field.name], params[field.name])}
                    required={field.required}
                    disabled={!canSave}
                    onChange={(ids) => setValues((prev) => ({ ...prev, [field.name]: ids }))}
                  />
                ) : field.kind === 'images' || field.kind === 'image' ? (
                  <ImageInput
                    key={field.name}
                    id={`field-${field.name}`}
                    label={tm(field.label)}
                    kind={field.kind}
                    value={imageValue(values[field.name])}
                    uploadPath={`${base}/Images`}
                    error={fieldError(errors[field.name], params[field.name]) ?? fieldError(firstNested(errors, field.name))}
                    required={field.required}
                    disabled={!canSave}
                    onChange={(keys) => setValues((prev) => ({ ...prev, [field.name]: field.kind === 'image' ? (keys[0] ?? '') : keys }))}
                  />
                ) : field.kind === 'rows' ? (
                  <RowsInput
                    key={field.name}
                    field={field}
                    namespace={res.namespace}
                    value={values[field.name]}
                    errors={errors}
                    limit={field.rows?.limit ? String(values[field.rows.limit] ?? '') : undefined}
                    onChange={(rows) => setValues((prev) => ({ ...prev, [field.name]: rows }))}
                    disabled={!canSave}
                  />
                ) : (
                  <FieldInput
                    key={field.name}
                    field={resolveKind(field, values)}
                    namespace={res.namespace}
                    value={values[field.name]}
                    error={fieldError(errors[field.name], params[field.name])}
                    options={optionsOf(field)}
                    onChange={(value) => setValues((prev) => ({ ...prev, [field.name]: value }))}
                    disabled={!canSave}
                    api={base}
                    exceptId={id}
                  />
                ),
              )}
          </div>
        </Card>
      ))}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>{mode === 'edit' && canDelete && id && <DeleteButton path={`${base}/${encodeURIComponent(id)}`} afterHref={listHref} />}</div>
        {canSave && (
          <Button type="submit" busy={pending}>
            {pending ? t('saving') : mode === 'add' ? t('create') : t('save')}
          </Button>
        )}
      </div>
    </form>
  );
}
