'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { bffJson } from '@/lib/resources/bff-client';
import { usernameField } from '@contract/resources/users';
import { emailSchema, phoneSchema } from '@/lib/resources/validation';

type State = 'idle' | 'checking' | 'available' | 'taken';

/** 'You can use / can not use this …' as the user types (debounced `GET …/available`). */
const SCHEMAS = { email: emailSchema, phone: phoneSchema, username: usernameField() };

export function AvailabilityHint({ api, field, value, exceptId }: { api: string; field: keyof typeof SCHEMAS; value: string; exceptId?: string }) {
  const spec = useTranslations('spec.validation');
  const t = useTranslations('resource');
  const common = useTranslations('common');
  const [result, setResult] = useState<{ value: string; state: State }>({ value: '', state: 'idle' });
  const valid = SCHEMAS[field].safeParse(value).success;

  useEffect(() => {
    if (!valid) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setResult({ value, state: 'checking' });
      const query = new URLSearchParams({ field, value: value.trim(), ...(exceptId ? { exceptId } : {}) });
      bffJson<{ data: { available: boolean } }>(`${api}/available?${query}`, { signal: controller.signal })
        .then((answer) => setResult({ value, state: answer.data.available ? 'available' : 'taken' }))
        .catch(() => !controller.signal.aborted && setResult({ value, state: 'idle' }));
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, field, value, exceptId, valid]);

  const state: State = valid && result.value === value ? result.state : 'idle';
  if (state === 'idle') return null;
  const text =
    state === 'checking'
      ? common('checking')
      : field === 'email'
        ? state === 'available'
          ? spec('emailAvailable')
          : t('emailTaken')
        : field === 'username'
          ? spec(state === 'available' ? 'usernameAvailable' : 'usernameTaken')
          : spec(state === 'available' ? 'phoneAvailable' : 'phoneTaken');
  return (
    <span
      role="status"
      data-availability={state}
      className={state === 'taken' ? 'ms-1 text-danger-text' : state === 'available' ? 'ms-1 text-success-text' : 'ms-1'}
    >
      {text}
    </span>
  );
}
