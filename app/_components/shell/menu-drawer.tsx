'use client';

import { useMemo, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useHandoff, type Handoff } from './handoff';
import { Icon } from './icon';
import { menuIcons } from './menu-icons';
import { SideMenu } from './side-menu';
import type { SideMenuModel } from './side-menu-model';

export interface MenuDrawerProps {
  model: SideMenuModel;
  home: string;
}

/** Below 992 px the side menu lives in a drawer opened from the navbar's menu button. */
export function MenuDrawer({ model, home, handoff }: MenuDrawerProps & { handoff?: Handoff }) {
  const t = useTranslations('shell.menu');
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const icons = useMemo(() => menuIcons(model), [model]);
  useHandoff(trigger, handoff);
  const close = () => setOpen(false);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="shell-icon-button shell-drawer-toggle"
        aria-label={t('open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Icon name="menu" />
      </button>
      <Dialog open={open} onClose={close} className="shell-drawer">
        <DialogBackdrop className="shell-drawer-backdrop" />
        <DialogPanel className="shell-drawer-panel">
          <div className="shell-drawer-head">
            <DialogTitle className="shell-drawer-title">{t('label')}</DialogTitle>
            <button type="button" className="shell-icon-button" aria-label={t('close')} onClick={close}>
              <Icon name="close" />
            </button>
          </div>
          <SideMenu model={model} icons={icons} home={home} onNavigate={close} variant="drawer" />
        </DialogPanel>
      </Dialog>
    </>
  );
}
