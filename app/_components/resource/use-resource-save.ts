'use client';

import { useState } from 'react';
import { z } from 'zod';
import { bffJson, isBffError } from '@/lib/resources/bff-client';
import { fieldErrorsFromBody, fieldErrorsOf, fieldParamsFromBody, type FieldErrors, type FieldParams } from '@/lib/resources/validation';
import { useAction } from '../ui/use-action';

/** A stale save: the row as it is now, and who saved it when. */
export interface Conflict {
  current: Record<string, unknown>;
  version: number;
  by: string;
  at: string;
}

const conflictSchema = z.object({
  data: z.looseObject({
    version: z.number().int().optional(),
    current: z.looseObject({ version: z.number().int() }).optional(),
    updatedBy: z.object({ displayName: z.string() }).nullish(),
    updatedAt: z.string().optional(),
  }),
});

export function conflictFrom(body: unknown): Conflict | null {
  const parsed = conflictSchema.safeParse(body);
  if (!parsed.success) return null;
  const data = parsed.data.data;
  const current = (data.current ?? data) as Record<string, unknown>;
  const version = data.current?.version ?? data.version;
  if (version === undefined) return null;
  return { current, version, by: data.updatedBy?.displayName ?? '', at: data.updatedAt ?? String(current.updatedAt ?? '') };
}

interface SaveTarget {
  method: 'POST' | 'PUT';
  path: string;
  schema: z.ZodType;
}

/**
 * Validate with the module's schema, send through the BFF, and turn the answer into field errors (400), a conflict
 * (409) or a form-level error. The caller's values are never touched, so nothing the user typed is lost.
 */
export function useResourceSave(target: SaveTarget) {
  const [errors, setErrors] = useState<FieldErrors>({});
  // What the server's messages name, per field (`data.params` of a 400: a shop's product limit).
  const [params, setParams] = useState<FieldParams>({});
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [failure, setFailure] = useState<{ status: number; message: string } | null>(null);
  const mutation = useAction((body: unknown) => bffJson<{ data?: Record<string, unknown> }>(target.path, { method: target.method, body }));

  async function save(body: Record<string, unknown>): Promise<Record<string, unknown> | null> {
    setFailure(null);
    setParams({});
    const checked = target.schema.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error));
      return null;
    }
    setErrors({});
    try {
      const answer = await mutation.mutateAsync(body);
      setConflict(null);
      return answer.data ?? {};
    } catch (error) {
      if (isBffError(error) && error.status === 400) {
        const fieldErrors = fieldErrorsFromBody(error.body);
        setErrors(fieldErrors);
        setParams(fieldParamsFromBody(error.body));
        if (Object.keys(fieldErrors).length === 0) setFailure({ status: 400, message: error.message });
      } else if (isBffError(error) && error.status === 409) {
        const found = conflictFrom(error.body);
        if (found) setConflict(found);
        else setFailure({ status: 409, message: error.message });
      } else {
        setFailure({ status: isBffError(error) ? error.status : 0, message: error instanceof Error ? error.message : String(error) });
      }
      return null;
    }
  }

  return { save, errors, params, setErrors, conflict, clearConflict: () => setConflict(null), failure, pending: mutation.isPending };
}
