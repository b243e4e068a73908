'use client';

import { useState, type FormEvent, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { useToast } from '../ui/toast';
import { ConflictNotice } from './conflict-notice';
import { useResourceSave } from './use-resource-save';

interface VersionedFormOptions<V, R> {
  /** `PUT` path of the record. */
  path: string;
  schema: z.ZodType;
  /** The record as last read. */
  record: R & { version: number };
  /** The form's values of a record (after a save, or the other person's on a conflict). */
  valuesOf: (record: R) => V;
  /** The body of a save, from the values (default: the values as they are). */
  bodyOf?: (values: V) => Record<string, unknown>;
  /** After a save: the record as answered. */
  onSaved?: (record: R) => void;
}

/**
 * One record saved with the version last read (a profile, a provider's settings): the values the person types, the
 * save through the BFF with field errors, and on a stale save the notice that says who saved first, with reloading
 * theirs or overwriting; nothing typed is lost on an error.
 */
export function useVersionedForm<V extends object, R>({ path, schema, record, valuesOf, bodyOf, onSaved }: VersionedFormOptions<V, R>) {
  const tr = useTranslations('resource');
  const router = useRouter();
  const toast = useToast();
  const [values, setValues] = useState<V>(() => valuesOf(record));
  const [version, setVersion] = useState(record.version);
  const { save, errors, conflict, clearConflict, failure, pending } = useResourceSave({ method: 'PUT', path, schema });

  const submit = async (withVersion = version) => {
    const answer = await save({ ...(bodyOf ? bodyOf(values) : (values as Record<string, unknown>)), version: withVersion });
    if (!answer) return;
    const next = answer as unknown as R & { version: number };
    setVersion(next.version);
    setValues(valuesOf(next));
    onSaved?.(next);
    toast.show(tr('saved'), { tone: 'success' });
    router.refresh();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };
  const conflictNotice: ReactNode = conflict ? (
    <ConflictNotice
      conflict={conflict}
      busy={pending}
      onReload={() => {
        setValues(valuesOf(conflict.current as unknown as R));
        setVersion(conflict.version);
        clearConflict();
      }}
      onOverwrite={() => void submit(conflict.version)}
    />
  ) : null;
  return { values, setValues, onSubmit, conflictNotice, errors, failure, pending };
}
