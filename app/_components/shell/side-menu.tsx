'use client';

import { useId, useState, type ReactNode } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { currentHref } from './current-link';
import type { SideMenuLink, SideMenuModel, SideMenuSection } from './side-menu-model';

/** Icons by name, rendered by the caller (the server for the fixed menu), so this component ships no icon code. */
export type MenuIcons = Record<string, ReactNode>;

interface SideMenuProps {
  model: SideMenuModel;
  icons: MenuIcons;
  /** The area's home, linked from the brand. */
  home: string;
  /** Called after a link is followed (the drawer closes). */
  onNavigate?: () => void;
  variant: 'fixed' | 'drawer';
}

function MenuLink({ link, current, icon, onNavigate }: { link: SideMenuLink; current: boolean; icon: ReactNode; onNavigate?: () => void }) {
  const t = useTranslations();
  const label = t(`nav.${link.label}`);
  return (
    <Link href={link.href} prefetch={false} aria-current={current ? 'page' : undefined} className="shell-link" onClick={onNavigate} title={label}>
      {icon}
      <span className="shell-label">{label}</span>
      {link.step ? <span className="shell-step">{t('shell.menu.step', { step: link.step })}</span> : null}
    </Link>
  );
}

/** A collapsible group: a disclosure button and its list of links; open while it holds the current page. */
function MenuGroup({ section, current, props }: { section: SideMenuSection; current: string | null; props: SideMenuProps }) {
  const t = useTranslations();
  const panelId = useId();
  const holdsCurrent = section.links.some((link) => link.href === current);
  const [open, setOpen] = useState(holdsCurrent);
  const [seen, setSeen] = useState(current);
  if (seen !== current) {
    // Following a link into a closed group opens it.
    setSeen(current);
    if (holdsCurrent) setOpen(true);
  }
  return (
    <li>
      <button
        type="button"
        className="shell-link shell-group"
        aria-expanded={open}
        aria-controls={panelId}
        data-open={open ? '' : undefined}
        data-current-group={holdsCurrent ? '' : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {props.icons[section.icon ?? 'circle']}
        <span className="shell-label">{t(`navGroup.${section.group}`)}</span>
        {props.icons.chevron}
      </button>
      <ul id={panelId} role="list" className="shell-submenu" hidden={!open}>
        {section.links.map((link) => (
          <li key={link.href}>
            <MenuLink link={link} current={link.href === current} icon={props.icons.dot} onNavigate={props.onNavigate} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The side menu from the registry: top-level links and collapsible groups, the current page marked. */
export function SideMenu(props: SideMenuProps) {
  const { model, icons, home, onNavigate, variant } = props;
  const t = useTranslations();
  const current = currentHref(model.sections, usePathname() ?? '/');

  return (
    <nav aria-label={t('shell.menu.label')} className="shell-nav" data-variant={variant}>
      <Link href={home} prefetch={false} className="shell-brand" onClick={onNavigate} data-testid="shell-brand">
        {model.brand?.logo ? (
          // eslint-disable-next-line @next/next/no-img-element -- a small logo from the image store or the company's own address
          <img
            src={model.brand.logo}
            alt=""
            referrerPolicy="no-referrer"
            className="shell-brand-mark"
            width={32}
            height={32}
            style={{ objectFit: 'contain' }}
          />
        ) : (
          <span className="shell-brand-mark" aria-hidden="true">
            {(model.brand?.name ?? 'B').slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="shell-label">{model.brand?.name ?? t('shell.brand')}</span>
      </Link>
      <ul className="shell-menu" role="list">
        {model.sections.map((section) =>
          section.group === null ? (
            <li key={section.links[0]!.href}>
              <MenuLink
                link={section.links[0]!}
                current={section.links[0]!.href === current}
                icon={icons[section.links[0]!.icon ?? 'circle']}
                onNavigate={onNavigate}
              />
            </li>
          ) : (
            <MenuGroup key={section.group} section={section} current={current} props={props} />
          ),
        )}
        {model.exit ? (
          <li className="shell-exit">
            <MenuLink link={model.exit} current={false} icon={icons.exit} onNavigate={onNavigate} />
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
