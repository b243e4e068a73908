'use client';

import { useId, useState, type FormEvent } from 'react';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import {
  LANG_IMPORT_MAX_CHARS,
  LANGS,
  langStringCreateSchema,
  type LangClient,
  type LangFileFormat,
  type LangImportResult,
} from '@contract/resources/lang-strings';
import { bffJson, failureKey, isBffError } from '@/lib/resources/bff-client';
import { fieldErrorsFromBody, fieldErrorsOf, type FieldErrors } from '@/lib/resources/validation';
import { useFieldError } from '../resource/field-error';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { inputClasses } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';

interface ToolProps {
  api: string;
  client: LangClient;
  onClose: () => void;
}

const FIELDS = ['key', ...LANGS] as const;

/** Adds a key with its texts; a taken or wrong key is said beside it and what was typed stays. Then shows the key. */
export function AddKeyPanel({ api, client, blocked, onClose }: ToolProps & { blocked: boolean }) {
  const t = useTranslations('langStrings');
  const tr = useTranslations('resource');
  const fieldError = useFieldError();
  const router = useRouter();
  const pathname = usePathname();
  const toast = useToast();
  const id = useId();
  const [values, setValues] = useState<Record<(typeof FIELDS)[number], string>>({ key: '', en: '', th: '', zh: '', my: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const add = useAction((body: Record<string, string>) => bffJson(api, { method: 'POST', body }), {
    onSuccess: () => {
      toast.show(t('created', { key: values.key.trim() }), { tone: 'success' });
      onClose();
      router.push(`${pathname}?${new URLSearchParams({ ...(client === 'member' ? {} : { client }), q: values.key.trim() })}`);
    },
    onError: (error) => setErrors(isBffError(error) ? fieldErrorsFromBody(error.body) : {}),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = langStringCreateSchema.safeParse({ client, ...values });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    add.mutate({ client, ...values });
  };
  const other = add.isError && Object.keys(errors).length === 0 ? tr(failureKey(add.error)) : undefined;
  return (
    <form onSubmit={submit} className="space-y-3 rounded-md border border-primary/40 p-4" aria-label={t('addKey')} noValidate>
      <div className="grid gap-3 md:grid-cols-5">
        {FIELDS.map((field) => {
          const error = fieldError(errors[field]);
          return (
            <div key={field}>
              <label htmlFor={`${id}-${field}`} className="mb-1 block text-xs font-medium text-fg-muted">
                {field === 'key' ? t('key') : t(`langs.${field}`)}
              </label>
              <input
                id={`${id}-${field}`}
                autoFocus={field === 'key'}
                value={values[field]}
                maxLength={field === 'key' ? 100 : 1000}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-${field}-error` : field === 'key' ? `${id}-key-hint` : undefined}
                onChange={(e) => setValues((now) => ({ ...now, [field]: e.target.value }))}
                className={inputClasses(Boolean(error))}
              />
              {error ? (
                <p id={`${id}-${field}-error`} className="mt-1 text-xs text-danger-text">
                  {error}
                </p>
              ) : (
                field === 'key' && (
                  <p id={`${id}-key-hint`} className="mt-1 text-xs text-fg-muted">
                    {t('keyHint')}
                  </p>
                )
              )}
            </div>
          );
        })}
      </div>
      {blocked && <Alert tone="warning">{t('import.blocked')}</Alert>}
      {other && <Alert>{other}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" busy={add.isPending} disabled={blocked}>
          {t('addKey')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onClose} disabled={add.isPending}>
          {tr('cancel')}
        </Button>
      </div>
    </form>
  );
}

interface ImportProblem {
  at: string;
  field: string;
  code: string;
}
interface Chosen {
  name: string;
  format: LangFileFormat;
  content: string;
}
type Preview = { data: LangImportResult };

/** The format of a chosen file: by its name, else by its first character. */
const formatOf = (name: string, content: string): LangFileFormat =>
  /\.json$/i.test(name)
    ? 'json'
    : /\.csv$/i.test(name)
      ? 'csv'
      : content
            .replace(/^\uFEFF/, '')
            .trimStart()
            .startsWith('{')
        ? 'json'
        : 'csv';

/**
 * Import: a JSON or CSV file is read in the browser and counted by the Platform API first (`dryRun`): how many keys are
 * new, changed and unchanged; Import then merges it. A wrong file lists where it is wrong, and nothing is saved.
 */
export function ImportPanel({ api, client, blocked, onClose }: ToolProps & { blocked: boolean }) {
  const t = useTranslations('langStrings');
  const tv = useTranslations('validation');
  const tr = useTranslations('resource');
  const router = useRouter();
  const toast = useToast();
  const id = useId();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [preview, setPreview] = useState<LangImportResult | null>(null);
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  const [refused, setRefused] = useState<string | null>(null);

  const send = (file: Chosen, dryRun: boolean) =>
    bffJson<Preview>(`${api}/import`, { method: 'POST', body: { client, format: file.format, content: file.content, dryRun } });
  const failed = (error: unknown) => {
    const body = isBffError(error) ? (error.body as { data?: { problems?: ImportProblem[] } } | null) : null;
    const found = body?.data?.problems ?? [];
    setProblems(found);
    setRefused(found.length ? null : isBffError(error) && error.status === 400 ? tv('invalidLangFile') : tr(failureKey(error)));
  };
  const count = useAction((file: Chosen) => send(file, true), { onSuccess: (answer) => setPreview(answer.data), onError: failed });
  const apply = useAction((file: Chosen) => send(file, false), {
    onSuccess: (answer) => {
      toast.show(t('import.done', { created: answer.data.created, changed: answer.data.changed, unchanged: answer.data.unchanged }), { tone: 'success' });
      onClose();
      router.refresh();
    },
    onError: failed,
  });

  const choose = async (file: File | undefined) => {
    setPreview(null);
    setProblems([]);
    setRefused(null);
    setChosen(null);
    if (!file) return;
    const content = await file.text();
    if (content.length > LANG_IMPORT_MAX_CHARS) return setRefused(t('import.tooLarge'));
    const next = { name: file.name, format: formatOf(file.name, content), content };
    setChosen(next);
    count.mutate(next);
  };

  const nothing = preview !== null && preview.created + preview.changed === 0;
  return (
    <section className="space-y-3 rounded-md border border-primary/40 p-4" aria-label={t('import.title')}>
      <h2 className="text-sm font-semibold text-fg">{t('import.title')}</h2>
      <p className="text-sm text-fg-muted">{t('import.hint')}</p>
      {blocked && <Alert tone="warning">{t('import.blocked')}</Alert>}
      <div>
        <label htmlFor={`${id}-file`} className="mb-1 block text-xs font-medium text-fg-muted">
          {t('import.file')}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".json,.csv,application/json,text/csv"
          disabled={blocked || apply.isPending}
          onChange={(e) => void choose(e.target.files?.[0])}
          className="block text-sm text-fg file:mr-3 file:rounded-md file:border file:border-line file:bg-surface file:px-3 file:py-1.5 file:text-sm"
        />
      </div>
      {count.isPending && <p className="text-sm text-fg-muted">{t('import.counting')}</p>}
      {refused && <Alert>{refused}</Alert>}
      {problems.length > 0 && (
        <Alert title={t('import.problems')}>
          <ul className="list-disc ps-5">
            {problems.slice(0, 10).map((p, i) => (
              <li key={i}>{t('import.problem', { at: p.at, field: p.field, message: tv.has(p.code) ? tv(p.code, { limit: '' }) : p.code })}</li>
            ))}
          </ul>
        </Alert>
      )}
      {preview && chosen && (
        <Alert tone={nothing ? 'info' : 'success'} title={t('import.preview', { name: chosen.name })}>
          {t('import.counts', { created: preview.created, changed: preview.changed, unchanged: preview.unchanged })}
        </Alert>
      )}
      <div className="flex gap-2">
        <Button size="sm" disabled={!preview || !chosen || nothing || blocked} busy={apply.isPending} onClick={() => chosen && apply.mutate(chosen)}>
          {t('import.apply')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onClose} disabled={apply.isPending}>
          {tr('cancel')}
        </Button>
      </div>
    </section>
  );
}
