'use client';

import { useTranslations } from 'next-intl';
import { isValidationCode } from '@/lib/resources/validation';

/**
 * Translates a field's first error: a known code → `validation.<code>` (with `params` for the messages that name a
 * value, e.g. the limit of 'Distance not more than {limit}'), an upstream text as it came.
 */
export function useFieldError(): (messages: string[] | undefined, params?: Record<string, string | number>) => string | undefined {
  const t = useTranslations('validation');
  return (messages, params) => {
    const first = messages?.[0];
    if (!first) return undefined;
    return isValidationCode(first) ? t(first, { limit: '', ...params }) : first;
  };
}
