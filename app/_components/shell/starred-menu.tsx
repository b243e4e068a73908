'use client';

import { useRef } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { STARRED_LIMIT } from '@/lib/starred';
import { useHandoff, type Handoff } from './handoff';
import { Icon } from './icon';
import { useStarredList } from './star-toggle';

export interface StarredMenuProps {
  uid: string;
}

/** The menu of starred pages: jump to any of them. */
export function StarredMenu({ uid, handoff }: StarredMenuProps & { handoff?: Handoff }) {
  const t = useTranslations();
  const list = useStarredList(uid);
  const trigger = useRef<HTMLButtonElement>(null);
  useHandoff(trigger, handoff);

  return (
    <Menu>
      <MenuButton ref={trigger} className="shell-icon-button" aria-label={t('shell.starred.menu')} data-testid="starred-menu">
        <Icon name="list" />
      </MenuButton>
      <MenuItems anchor={{ to: 'bottom end', gap: 6 }} className="shell-popover shell-popover-wide">
        <p className="shell-popover-title">{t('shell.starred.title', { count: list.length, limit: STARRED_LIMIT })}</p>
        {list.length === 0 ? <p className="shell-popover-empty">{t('shell.starred.empty')}</p> : null}
        {list.map((page) => (
          <MenuItem key={page.path}>
            <Link href={page.path} prefetch={false} className="shell-option">
              <Icon name="star" filled className="shell-star-on" />
              <span>{t.has(`nav.${page.label}`) ? t(`nav.${page.label}`) : page.path}</span>
            </Link>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
