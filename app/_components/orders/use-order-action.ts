'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { orderErrorKey, type OrderErrorKey } from '@/lib/orders/errors';
import { bffJson, isBffError } from '@/lib/resources/bff-client';
import { fieldErrorsFromBody, fieldErrorsOf, type FieldErrors } from '@/lib/resources/validation';
import { useAction } from '../ui/use-action';

export interface OrderActionFailure {
  key: OrderErrorKey;
  message: string;
}

/**
 * A write on an order through the BFF (`PATCH …/{id}/cancel`, `…/biker`): checked with the same schema the BFF uses,
 * the page refreshed on success, the failure translated. The caller keeps its inputs, so nothing typed is lost.
 */
export function useOrderAction<S extends z.ZodType>(path: string, schema: S) {
  const t = useTranslations('orders.errors');
  const router = useRouter();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<OrderActionFailure | null>(null);
  const mutation = useAction((body: z.infer<S>) => bffJson(path, { method: 'PATCH', body }));

  /** Field errors of a body without sending it. */
  function check(body: unknown): z.infer<S> | null {
    const parsed = schema.safeParse(body);
    setFieldErrors(parsed.success ? {} : fieldErrorsOf(parsed.error));
    return parsed.success ? parsed.data : null;
  }

  async function run(body: unknown): Promise<boolean> {
    setFailure(null);
    const valid = check(body);
    if (valid === null) return false;
    try {
      await mutation.mutateAsync(valid);
      router.refresh();
      return true;
    } catch (error) {
      const status = isBffError(error) ? error.status : 0;
      const answer = isBffError(error) ? error.body : null;
      setFieldErrors(fieldErrorsFromBody(answer));
      const key = orderErrorKey(status, answer);
      setFailure({ key, message: t(key) });
      return false;
    }
  }

  return { check, run, fieldErrors, failure, clearFailure: () => setFailure(null), pending: mutation.isPending, reload: () => router.refresh() };
}
