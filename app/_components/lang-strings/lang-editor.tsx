'use client';

import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { LANGS, type Lang, type LangClient, type LangStringItem } from '@contract/resources/lang-strings';
import { bffJson, failureKey, isBffError } from '@/lib/resources/bff-client';
import { fieldErrorsFromBody, type FieldErrors } from '@/lib/resources/validation';
import { useFieldError } from '../resource/field-error';
import { Alert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { cn } from '../ui/cn';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { EmptyState } from '../ui/empty-state';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';
import { AddKeyPanel, ImportPanel } from './lang-tools';

type Edits = Record<string, Partial<Record<Lang, string>>>;
interface Can {
  create: boolean;
  write: boolean;
  delete: boolean;
}
interface LangEditorProps {
  /** The BFF path: `/api/admin/{service}/Setting/LangInApps`. */
  api: string;
  client: LangClient;
  rows: LangStringItem[];
  /** The client has no strings at all: 'No language settings'. */
  empty: boolean;
  filtered: boolean;
  can: Can;
}
type SaveAnswer = { data: { rows: LangStringItem[]; version: number } };
const conflictOf = (body: unknown): { rows: LangStringItem[]; gone: string[] } => {
  const data = (body as { data?: { rows?: LangStringItem[]; gone?: string[] } } | null)?.data;
  return { rows: data?.rows ?? [], gone: data?.gone ?? [] };
};

/**
 * The grid of one app's strings: a row per key, a cell per language. Typed cells are marked until saved; Save all
 * (or Ctrl+S) sends every changed row with its version in one call. A 409 keeps every typed cell, takes the rows as
 * they are now (so saving again keeps what was typed) and names them, with the other person's text beside each cell
 * typed here. Leaving with unsaved cells asks first.
 */
export function LangEditor({ api, client, rows, empty, filtered, can }: LangEditorProps) {
  const t = useTranslations('langStrings');
  const tr = useTranslations('resource');
  const spec = useTranslations('spec.errors');
  const fieldError = useFieldError();
  const router = useRouter();
  const toast = useToast();
  const [base, setBase] = useState<LangStringItem[]>(rows);
  const [edits, setEdits] = useState<Edits>({});
  const [theirs, setTheirs] = useState<Record<string, LangStringItem>>({});
  const [gone, setGone] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [panel, setPanel] = useState<'add' | 'import' | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const [deleting, setDeleting] = useState<LangStringItem | null>(null);

  const valueOf = (row: LangStringItem, lang: Lang) => edits[row.id]?.[lang] ?? row[lang];
  const changedCells = (row: LangStringItem) => LANGS.filter((lang) => edits[row.id]?.[lang] !== undefined && edits[row.id]![lang] !== row[lang]);
  const changedRows = base.filter((row) => changedCells(row).length > 0);
  const changeCount = changedRows.reduce((n, row) => n + changedCells(row).length, 0);
  const dirty = changeCount > 0;

  const save = useAction(
    () => {
      const sent = changedRows;
      const body = {
        client,
        rows: sent.map((row) => ({ id: row.id, version: row.version, ...Object.fromEntries(changedCells(row).map((lang) => [lang, valueOf(row, lang)])) })),
      };
      return bffJson<SaveAnswer>(api, { method: 'PUT', body }).then((answer) => ({ answer, sent }));
    },
    {
      onSuccess: ({ answer }) => {
        const saved = new Map(answer.data.rows.map((r) => [r.id, r]));
        setBase((now) => now.map((row) => saved.get(row.id) ?? row));
        setEdits({});
        setTheirs({});
        setErrors({});
        toast.show(t('saved', { version: answer.data.version }), { tone: 'success' });
        router.refresh();
      },
      onError: (error) => {
        if (isBffError(error) && error.status === 409) {
          // Someone saved first: take their rows as the base, keep every typed cell, say which rows.
          const conflict = conflictOf(error.body);
          const current = new Map(conflict.rows.map((r) => [r.id, r]));
          setBase((now) => now.filter((row) => !conflict.gone.includes(row.id)).map((row) => current.get(row.id) ?? row));
          setTheirs((now) => ({ ...now, ...Object.fromEntries(conflict.rows.map((r) => [r.id, r])) }));
          setGone((now) => [...now, ...base.filter((row) => conflict.gone.includes(row.id)).map((row) => row.key)]);
          return;
        }
        // A cell's error (`rows.3.th`) goes under that cell.
        const sent = changedRows;
        const byCell: FieldErrors = {};
        for (const [path, messages] of Object.entries(isBffError(error) ? fieldErrorsFromBody(error.body) : {})) {
          const [, index, lang] = path.split('.');
          const row = sent[Number(index)];
          if (row && lang) byCell[`${row.id}.${lang}`] = messages;
        }
        setErrors(byCell);
      },
    },
  );

  const remove = useAction((row: LangStringItem) => bffJson(`${api}/${row.id}`, { method: 'DELETE' }), {
    onSuccess: (_data, row) => {
      toast.show(t('deleted', { key: row.key }), { tone: 'success' });
      setDeleting(null);
      setBase((now) => now.filter((r) => r.id !== row.id));
      setEdits((now) => Object.fromEntries(Object.entries(now).filter(([id]) => id !== row.id)));
      // The page's counts are read again, which draws the grid anew: not while other cells are still unsaved.
      if (!dirty) router.refresh();
    },
  });

  // Ctrl+S (or ⌘S) saves; leaving the page with unsaved cells asks first.
  const saveRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    saveRef.current = () => {
      if (dirty && !save.isPending && can.write) save.mutate();
    };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    if (!dirty) return;
    const onLeave = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [dirty]);

  const type = (row: LangStringItem, lang: Lang, value: string) => {
    setEdits((now) => ({ ...now, [row.id]: { ...now[row.id], [lang]: value } }));
    if (errors[`${row.id}.${lang}`]) setErrors((now) => Object.fromEntries(Object.entries(now).filter(([k]) => k !== `${row.id}.${lang}`)));
  };

  const conflictKeys = base.filter((row) => theirs[row.id]).map((row) => row.key);
  const tools = (
    <div className="flex flex-wrap gap-2">
      {can.create && (
        <Button
          variant={panel === 'add' ? 'primary' : 'secondary'}
          size="sm"
          onClick={() => setPanel(panel === 'add' ? null : 'add')}
          aria-expanded={panel === 'add'}
        >
          {t('addKey')}
        </Button>
      )}
      {can.create && can.write && (
        <Button
          variant={panel === 'import' ? 'primary' : 'secondary'}
          size="sm"
          onClick={() => setPanel(panel === 'import' ? null : 'import')}
          aria-expanded={panel === 'import'}
        >
          {t('import.open')}
        </Button>
      )}
      {!empty && (
        <>
          <a href={`${api}/export?client=${client}&format=json`} download className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            {t('exportJson')}
          </a>
          <a href={`${api}/export?client=${client}&format=csv`} download className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            {t('exportCsv')}
          </a>
        </>
      )}
    </div>
  );
  const panels = (
    <>
      {panel === 'add' && <AddKeyPanel api={api} client={client} blocked={dirty} onClose={() => setPanel(null)} />}
      {panel === 'import' && <ImportPanel api={api} client={client} blocked={dirty} onClose={() => setPanel(null)} />}
    </>
  );

  if (empty) {
    return (
      <div className="space-y-4">
        <EmptyState title={spec('noLanguageSettings')} description={t('emptyDescription', { app: t(`clients.${client}`) })} action={tools} />
        {panels}
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {tools}
      {panels}
      {conflictKeys.length > 0 && (
        <Alert tone="warning" title={t('conflict.title')}>
          {t('conflict.body', { keys: conflictKeys.join(', ') })}
        </Alert>
      )}
      {gone.length > 0 && <Alert tone="warning">{t('conflict.gone', { keys: gone.join(', ') })}</Alert>}
      {save.isError && !(isBffError(save.error) && (save.error.status === 409 || save.error.status === 400)) && <Alert>{tr(failureKey(save.error))}</Alert>}
      {save.isError && isBffError(save.error) && save.error.status === 400 && <Alert>{t('checkCells')}</Alert>}

      {base.length === 0 ? (
        <EmptyState title={filtered ? tr('emptyFiltered') : spec('noLanguageSettings')} />
      ) : (
        <div className="overflow-x-auto" role="region" aria-label={t('grid')} tabIndex={-1}>
          <table className="w-full min-w-[56rem] border-collapse text-sm">
            <caption className="sr-only">{t('grid')}</caption>
            <thead>
              <tr className="border-b border-line bg-surface-muted">
                <th scope="col" className="w-56 px-3 py-2 text-start text-xs font-semibold tracking-wide text-fg-muted uppercase">
                  {t('key')}
                </th>
                {LANGS.map((lang) => (
                  <th key={lang} scope="col" className="px-3 py-2 text-start text-xs font-semibold tracking-wide text-fg-muted uppercase">
                    {t(`langs.${lang}`)}
                  </th>
                ))}
                {can.delete && (
                  <th scope="col" className="w-20 px-3 py-2">
                    <span className="sr-only">{tr('actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {base.map((row) => {
                const other = theirs[row.id];
                return (
                  <tr key={row.id} data-key={row.key} className={cn('border-b border-line align-top last:border-b-0', other && 'bg-warning-soft/40')}>
                    <th scope="row" className="px-3 py-2 text-start font-mono text-xs font-medium break-all text-fg">
                      {row.key}
                      {other && (
                        <p className="mt-1 font-sans text-xs font-normal text-warning-text">
                          {t('conflict.changedBy', { name: other.updatedBy?.displayName || '—' })}
                        </p>
                      )}
                    </th>
                    {LANGS.map((lang) => {
                      const value = valueOf(row, lang);
                      const changed = changedCells(row).includes(lang);
                      const missing = value.trim() === '';
                      const id = `cell-${row.id}-${lang}`;
                      const error = fieldError(errors[`${row.id}.${lang}`]);
                      const theirText = other && changed && other[lang] !== value ? other[lang] : null;
                      return (
                        <td key={lang} className="px-2 py-1.5">
                          <textarea
                            id={id}
                            rows={1}
                            value={value}
                            readOnly={!can.write}
                            maxLength={1000}
                            aria-label={t('cellLabel', { lang: t(`langs.${lang}`), key: row.key })}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `${id}-error` : missing ? `${id}-missing` : undefined}
                            data-changed={changed || undefined}
                            data-missing={missing || undefined}
                            placeholder={t('missing')}
                            onChange={(e) => type(row, lang, e.target.value)}
                            className={cn(
                              'block min-h-9 w-full resize-y rounded-md border px-2 py-1.5 text-sm text-fg placeholder:text-danger-text/70',
                              'focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-focus',
                              changed
                                ? 'border-warning bg-warning-soft'
                                : missing
                                  ? 'border-dashed border-danger/60 bg-danger-soft/40'
                                  : 'border-line bg-surface',
                              error && 'border-danger',
                            )}
                          />
                          {missing && !error && (
                            <span id={`${id}-missing`} className="sr-only">
                              {t('missing')}
                            </span>
                          )}
                          {error && (
                            <p id={`${id}-error`} className="mt-1 text-xs text-danger-text">
                              {error}
                            </p>
                          )}
                          {theirText !== null && (
                            <p className="mt-1 text-xs break-words text-warning-text">{t('conflict.now', { text: theirText || t('missing') })}</p>
                          )}
                        </td>
                      );
                    })}
                    {can.delete && (
                      <td className="px-2 py-1.5 text-end">
                        <Button
                          size="sm"
                          variant="ghost"
                          className="text-danger-text"
                          onClick={() => {
                            remove.reset();
                            setDeleting(row);
                          }}
                          aria-label={t('deleteOf', { key: row.key })}
                        >
                          {tr('delete')}
                        </Button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {can.write && base.length > 0 && (
        <div className="sticky bottom-0 z-10 flex flex-wrap items-center justify-between gap-3 rounded-md border border-line bg-surface px-4 py-3 shadow-sm">
          <p className="text-sm text-fg-muted" aria-live="polite">
            {dirty ? t('unsaved', { count: changeCount }) : t('noChanges')} <span className="ml-2 text-xs">{t('shortcut')}</span>
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" disabled={!dirty || save.isPending} onClick={() => setDiscarding(true)}>
              {t('discard')}
            </Button>
            <Button disabled={!dirty} busy={save.isPending} onClick={() => save.mutate()}>
              {t('saveAll')}
            </Button>
          </div>
        </div>
      )}

      <ConfirmDialog
        open={discarding}
        tone="danger"
        title={t('discardTitle')}
        description={t('discardBody', { count: changeCount })}
        confirmLabel={t('discard')}
        onConfirm={() => {
          setEdits({});
          setTheirs({});
          setErrors({});
          setDiscarding(false);
          save.reset();
        }}
        onClose={() => setDiscarding(false)}
      />
      <ConfirmDialog
        open={deleting !== null}
        tone="danger"
        title={t('deleteTitle', { key: deleting?.key ?? '' })}
        description={t('deleteBody')}
        confirmLabel={tr('delete')}
        busy={remove.isPending}
        error={remove.isError ? tr(failureKey(remove.error)) : undefined}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
