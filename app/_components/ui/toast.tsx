'use client';

import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { cn } from './cn';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons';

export type ToastTone = 'success' | 'error' | 'info';

interface ToastItem {
  id: number;
  tone: ToastTone;
  message: ReactNode;
}

interface ToastApi {
  /** Shows a message for `durationMs` (default 5 s; 0 keeps it until dismissed). */
  show: (message: ReactNode, options?: { tone?: ToastTone; durationMs?: number }) => void;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>.');
  return api;
}

const TONES: Record<ToastTone, string> = {
  success: 'border-success/40 text-success-text',
  error: 'border-danger/40 text-danger-text',
  info: 'border-primary/40 text-primary-text',
};

export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useTranslations('common');
  const [items, setItems] = useState<ToastItem[]>([]);
  const next = useRef(1);

  const dismiss = useCallback((id: number) => setItems((list) => list.filter((i) => i.id !== id)), []);
  const show = useCallback<ToastApi['show']>(
    (message, { tone = 'success', durationMs = 5000 } = {}) => {
      const id = next.current++;
      setItems((list) => [...list.slice(-3), { id, tone, message }]);
      if (durationMs > 0) window.setTimeout(() => dismiss(id), durationMs);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext value={api}>
      {children}
      {/* Always in the DOM so screen readers pick up new messages. */}
      <div
        role="status"
        aria-live="polite"
        aria-label={t('notifications')}
        className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 sm:items-end"
      >
        {items.map((item) => {
          const Icon = item.tone === 'success' ? CheckIcon : item.tone === 'error' ? AlertIcon : InfoIcon;
          return (
            <div
              key={item.id}
              className={cn(
                'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border bg-surface px-4 py-3 text-sm shadow-lg',
                TONES[item.tone],
              )}
            >
              <Icon className="mt-0.5 size-5 shrink-0" />
              <div className="min-w-0 flex-1 text-fg">{item.message}</div>
              <button
                type="button"
                onClick={() => dismiss(item.id)}
                aria-label={t('dismiss')}
                className="rounded text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-focus"
              >
                <CloseIcon className="size-4" />
              </button>
            </div>
          );
        })}
      </div>
    </ToastContext>
  );
}
