'use client';

import { useTranslations } from 'next-intl';
import { isValidationCode } from '@/lib/resources/validation';

/** Translates a field's first error: a known code → `validation.<code>`, an upstream text as it came. */
export function useFieldError(): (messages: string[] | undefined) => string | undefined {
  const t = useTranslations('validation');
  return (messages) => {
    const first = messages?.[0];
    if (!first) return undefined;
    return isValidationCode(first) ? t(first) : first;
  };
}
