'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button, type ButtonProps } from './button';
import { safePath } from './safe-path';

/** Where the logout endpoint sends the user; only a same-origin path is followed. */
function targetOf(answer: unknown): string {
  return safePath((answer as { redirect?: unknown } | null)?.redirect, '/auth/login');
}

/**
 * Signs out: POSTs the portal's logout endpoint (no upstream call), then loads the login page in full so no
 * signed-in state stays in memory. Even when the call fails the user lands on the login page.
 */
export function SignOutButton({ variant = 'secondary', ...props }: Omit<ButtonProps, 'onClick' | 'busy' | 'children'>) {
  const t = useTranslations('common');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant={variant}
      busy={busy}
      onClick={async () => {
        setBusy(true);
        let target = '/auth/login';
        try {
          const response = await fetch('/api/admin/auth/logout', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
          target = targetOf(await response.json().catch(() => null));
        } catch {
          // Unreachable portal: the login page is still the right place to go.
        }
        window.location.assign(target);
      }}
      {...props}
    >
      {busy ? t('signingOut') : t('signOut')}
    </Button>
  );
}
