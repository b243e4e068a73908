'use client';

import { useRef, type ReactNode } from 'react';
import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { Button } from './button';
import { AlertIcon } from './icons';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  /** Label of the confirming button; defaults to "Confirm". */
  confirmLabel?: ReactNode;
  /** Danger styles the confirming button red (deletes, status changes that take money). */
  tone?: 'primary' | 'danger';
  /** The confirmed action is running: the confirming button shows a busy state and the dialog stays open. */
  busy?: boolean;
  /** An error of the confirmed action, shown inside the dialog. */
  error?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A modal question (Headless UI Dialog: focus trapped, Escape closes, focus returns to the opener).
 * The cancel button gets the first focus so Enter never confirms by accident.
 */
export function ConfirmDialog({ open, title, description, confirmLabel, tone = 'primary', busy = false, error, onConfirm, onClose }: ConfirmDialogProps) {
  const t = useTranslations('common');
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    // The dialog element itself covers the viewport so it has a box (tools and tests see it as visible).
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      role="alertdialog"
      initialFocus={cancelRef}
      className="fixed inset-0 z-50 flex items-center justify-center p-4"
    >
      <DialogBackdrop className="fixed inset-0 bg-dark/50" />
      <div className="relative w-full max-w-md">
        <DialogPanel className="w-full rounded-lg border border-line bg-surface p-6 shadow-xl">
          <div className="flex gap-4">
            {tone === 'danger' && (
              <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-danger-soft text-danger-text">
                <AlertIcon />
              </div>
            )}
            <div className="min-w-0">
              <DialogTitle className="text-lg font-semibold text-fg">{title}</DialogTitle>
              {description && <Description className="mt-2 text-sm text-fg-muted">{description}</Description>}
              {error && (
                <p role="alert" className="mt-3 text-sm text-danger-text">
                  {error}
                </p>
              )}
            </div>
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button ref={cancelRef} variant="secondary" onClick={onClose} disabled={busy}>
              {t('cancel')}
            </Button>
            <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} busy={busy}>
              {confirmLabel ?? t('confirm')}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
