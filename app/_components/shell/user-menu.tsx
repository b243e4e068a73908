'use client';

import { useRef, useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { useHandoff, type Handoff } from './handoff';
import { Icon } from './icon';

export interface UserMenuProps {
  displayName: string;
  role: string;
  profileHref: string;
}

async function logout(): Promise<string> {
  const response = await fetch('/api/admin/auth/logout', { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' } });
  const body = (await response.json().catch(() => null)) as { status?: boolean; redirect?: unknown } | null;
  if (!response.ok || body?.status !== true) throw new Error(`HTTP ${response.status}`);
  return typeof body.redirect === 'string' && body.redirect.startsWith('/') && !body.redirect.startsWith('//') ? body.redirect : '/auth/login';
}

/** Display name and role, a link to the profile, and logout. */
export function UserMenu({ displayName, role, profileHref, handoff }: UserMenuProps & { handoff?: Handoff }) {
  const t = useTranslations('shell.user');
  const trigger = useRef<HTMLButtonElement>(null);
  useHandoff(trigger, handoff);
  const [leaving, setLeaving] = useState(false);
  const roleLabel = t.has(`roles.${role}`) ? t(`roles.${role}`) : role;
  const initial = displayName.trim().charAt(0).toUpperCase() || '?';

  const onLogout = async () => {
    setLeaving(true);
    let target: string;
    try {
      target = await logout();
    } catch {
      // The session could not be closed cleanly: clear what the browser holds and go to the login page.
      target = '/clearcookies';
    }
    // A full page load, so no client cache of the signed-in user survives.
    window.location.replace(target);
  };

  return (
    <Menu>
      <MenuButton ref={trigger} className="shell-user-button" aria-label={t('menu', { name: displayName })} data-testid="user-menu">
        <span className="shell-avatar" aria-hidden="true">
          {initial}
        </span>
        <span className="shell-user-text" aria-hidden="true">
          <span className="shell-user-name">{displayName}</span>
          <span className="shell-user-role">{roleLabel}</span>
        </span>
      </MenuButton>
      <MenuItems anchor={{ to: 'bottom end', gap: 6 }} className="shell-popover">
        <div className="shell-popover-title">
          <p>{displayName}</p>
          <p className="shell-user-role">{roleLabel}</p>
        </div>
        <MenuSeparator className="shell-separator" />
        <MenuItem>
          <Link href={profileHref} prefetch={false} className="shell-option">
            <Icon name="user" />
            <span>{t('profile')}</span>
          </Link>
        </MenuItem>
        <MenuItem disabled={leaving}>
          <button type="button" className="shell-option" onClick={onLogout}>
            <Icon name="logout" />
            <span>{leaving ? t('loggingOut') : t('logout')}</span>
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
