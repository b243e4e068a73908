import { getTranslations } from 'next-intl/server';
import { AUTONYMS, toLocale } from '@/lib/i18n/locales';
import type { Direction, Theme } from '@/lib/i18n/preferences';
import { Deferred } from './deferred';
import { Icon } from './icon';
import { THEME_ICONS, THEME_KEYS } from './preference-meta';
import type { SideMenuModel } from './side-menu-model';
import { StarToggle } from './star-toggle';

export interface NavbarProps {
  model: SideMenuModel;
  home: string;
  uid: string;
  displayName: string;
  role: string;
  profileHref: string;
  notificationsHref: string | null;
  unread: number | null;
  locale: string;
  theme: Theme;
  dir: Direction;
}

/** A widget trigger as the server renders it; the widget's own trigger (same look, same name) replaces it. */
function Trigger({
  label,
  icon,
  testId,
  popup = 'menu',
  className = 'shell-icon-button',
  children,
}: {
  label: string;
  icon?: string;
  testId?: string;
  /** The `aria-haspopup` the widget's own trigger has. */
  popup?: 'menu' | 'listbox' | 'dialog';
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <button type="button" className={className} aria-label={label} aria-haspopup={popup} aria-expanded={false} data-testid={testId}>
      {icon ? <Icon name={icon} /> : null}
      {children}
    </button>
  );
}

/** The top bar: drawer button (narrow screens), starred pages, display switchers, notifications and the user menu. */
export async function Navbar(p: NavbarProps) {
  const t = await getTranslations('shell');
  const roleLabel = t.has(`user.roles.${p.role}`) ? t(`user.roles.${p.role}`) : p.role;
  const unread = p.unread ?? 0;

  return (
    <header className="shell-navbar">
      <Deferred
        widget="drawer"
        props={{ model: p.model, home: p.home }}
        placeholder={<Trigger label={t('menu.open')} icon="menu" popup="dialog" className="shell-icon-button shell-drawer-toggle" />}
      />
      <div className="shell-navbar-tools">
        <StarToggle uid={p.uid}>
          <Icon name="star" />
        </StarToggle>
        <Deferred widget="starred" props={{ uid: p.uid }} placeholder={<Trigger label={t('starred.menu')} icon="list" testId="starred-menu" />} />
        <Deferred
          widget="locale"
          props={{}}
          placeholder={<Trigger label={`${t('locale.label')}: ${AUTONYMS[toLocale(p.locale)]}`} icon="globe" popup="listbox" testId="locale-switcher" />}
        />
        <Deferred
          widget="theme"
          props={{ initial: p.theme }}
          placeholder={
            <Trigger label={`${t('theme.label')}: ${t(`theme.${THEME_KEYS[p.theme]}`)}`} icon={THEME_ICONS[p.theme]} popup="listbox" testId="theme-switcher" />
          }
        />
        <Deferred
          widget="direction"
          props={{ initial: p.dir }}
          placeholder={<Trigger label={`${t('direction.label')}: ${t(`direction.${p.dir}`)}`} icon="direction" popup="listbox" testId="direction-switcher" />}
        />
        <Deferred
          widget="bell"
          props={{ allHref: p.notificationsHref, initialUnread: p.unread }}
          placeholder={
            <Trigger label={t('notifications.button', { count: unread })} icon="bell" popup="dialog" testId="notifications-bell">
              {unread > 0 ? (
                <span className="shell-badge" aria-hidden="true">
                  {unread > 99 ? '99+' : unread}
                </span>
              ) : null}
            </Trigger>
          }
        />
      </div>
      <Deferred
        widget="user"
        props={{ displayName: p.displayName, role: p.role, profileHref: p.profileHref }}
        placeholder={
          <Trigger label={t('user.menu', { name: p.displayName })} className="shell-user-button" testId="user-menu">
            <span className="shell-avatar" aria-hidden="true">
              {p.displayName.trim().charAt(0).toUpperCase() || '?'}
            </span>
            <span className="shell-user-text" aria-hidden="true">
              <span className="shell-user-name">{p.displayName}</span>
              <span className="shell-user-role">{roleLabel}</span>
            </span>
          </Trigger>
        }
      />
    </header>
  );
}
