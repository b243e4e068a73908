'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { translateAnswer, translateServerMessage } from '@/lib/i18n/server-messages';
import { postAuth, type AuthPath, type AuthResult } from './auth-request';
import { issueKeys } from './form-schemas';
import { useAction } from '@/app/_components/ui/use-action';

interface Options<S extends z.ZodType> {
  path: AuthPath;
  schema: S;
  /** Called with the answer of a successful call; return true while a navigation it started is under way. */
  onSuccess: (result: Extract<AuthResult, { ok: true }>, values: z.infer<S>) => boolean | void;
  /** The form-level text when the answer says `status:false` without a usable message. */
  failureKey?: string;
}

/**
 * The behaviour every sign-in form shares: zod checks before sending, one request at a time through TanStack
 * Query, translated inline and form-level errors, the first invalid field focused, the typed values kept.
 */
export function useAuthForm<S extends z.ZodType>({ path, schema, onSuccess, failureKey }: Options<S>) {
  const t = useTranslations();
  // The form element of the last submit, to focus its first invalid field once the errors render.
  const formRef = useRef<HTMLFormElement | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [navigating, setNavigating] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const mutation = useAction((body: z.infer<S>) => postAuth(path, body));

  useEffect(() => {
    if (focusTick === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus();
  }, [focusTick]);

  async function submit(event: FormEvent<HTMLFormElement>, values: unknown) {
    event.preventDefault();
    formRef.current = event.currentTarget;
    if (mutation.isPending || navigating) return;
    setFormError(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const keys = issueKeys(parsed.error);
      setFieldErrors(Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, t(key)])));
      setFormError(t('validation.checkFields'));
      setFocusTick((n) => n + 1);
      return;
    }
    setFieldErrors({});
    const result = await mutation.mutateAsync(parsed.data);
    if (result.ok) {
      if (onSuccess(result, parsed.data)) setNavigating(true);
      return;
    }
    const serverFields = Object.fromEntries(
      Object.entries(result.errors ?? {})
        .filter(([, list]) => list.length > 0)
        .map(([field, list]) => [field, translateServerMessage(t, list[0]!)]),
    );
    setFieldErrors(serverFields);
    if (result.offline) setFormError(t('errors.offline'));
    else if (!result.message && !result.code && result.httpStatus === 200 && failureKey) setFormError(t(failureKey));
    else setFormError(translateAnswer(t, result));
    if (Object.keys(serverFields).length > 0) setFocusTick((n) => n + 1);
  }

  return {
    submit,
    fieldErrors,
    formError,
    pending: mutation.isPending || navigating,
  };
}
