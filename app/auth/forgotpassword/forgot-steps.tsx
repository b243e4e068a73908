'use client';

import { useTranslations } from 'next-intl';
import { cn } from '@/app/_components/ui/cn';

export type ForgotStep = 1 | 2 | 3;

/** The three steps of the reset, with the current one marked for assistive technology. */
export function ForgotSteps({ step }: { step: ForgotStep }) {
  const t = useTranslations('auth.forgot.steps');
  const labels = [t('identify'), t('otp'), t('password')];
  return (
    <ol className="mb-6 grid grid-cols-3 gap-2" aria-label={t('label')}>
      {labels.map((label, index) => {
        const n = (index + 1) as ForgotStep;
        const state = n < step ? 'done' : n === step ? 'current' : 'todo';
        return (
          <li key={label} aria-current={state === 'current' ? 'step' : undefined} className="flex flex-col gap-1.5">
            <span className={cn('h-1.5 rounded-full', state === 'todo' ? 'bg-line' : 'bg-primary-strong')} aria-hidden="true" />
            <span className={cn('text-xs', state === 'current' ? 'font-semibold text-fg' : 'text-fg-muted')}>
              <span className="sr-only">{t(state)} </span>
              {t('number', { n })} · {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
