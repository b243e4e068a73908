import 'server-only';
import type { ReactNode } from 'react';
import { cookies } from 'next/headers';
import { getLocale } from 'next-intl/server';
import { getShellUser } from '@/lib/server/guard';
import { getCompanyBrand } from '@/lib/server/company-brand';
import { getPermissions } from '@/lib/server/permissions';
import { readPreferences } from '@/lib/i18n/preferences';
import { menuIcons } from './menu-icons';
import { Navbar } from './navbar';
import { getUnreadCount } from './notifications-count';
import { SideMenu } from './side-menu';
import { brandOf, sideMenuFor, type ShellArea } from './side-menu-model';
import { areaHome, notificationsHref, profileHref } from './shell-paths';
import './shell-controls.css';
import './shell.css';

/**
 * The frame of every signed-in page: the side menu generated from the route registry (only entries the user may
 * read), the navbar, and `<main id="main">` (the root layout's skip link target).
 * Layouts cannot see the pathname, so each page checks its own access; without a user the page alone renders
 * (its guard redirects).
 */
export async function AppShell({ area, children }: { area: ShellArea; children: ReactNode }) {
  const user = await getShellUser();
  if (!user) {
    return (
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    );
  }
  // A failed permission fetch lists nothing here; the page's own guard decides where the user goes.
  const [permissions, store, unread, brand, locale] = await Promise.all([
    getPermissions().catch(() => null),
    cookies(),
    getUnreadCount(),
    getCompanyBrand(),
    getLocale(),
  ]);
  // The language is the request's (a browser that has not chosen one gets its company's).
  const { theme, dir } = readPreferences(store);
  const model = { ...sideMenuFor(area, permissions, user.role), brand: brandOf(brand) };
  const home = areaHome(area);

  return (
    <div className="shell" data-area={area}>
      <div className="shell-aside">
        <SideMenu model={model} icons={menuIcons(model)} home={home} variant="fixed" />
      </div>
      <div className="shell-body">
        <Navbar
          model={model}
          home={home}
          uid={String(user.uid)}
          displayName={user.displayName}
          role={user.role}
          profileHref={profileHref(area)}
          notificationsHref={notificationsHref(area)}
          unread={unread}
          locale={locale}
          theme={theme}
          dir={dir}
        />
        <main id="main" tabIndex={-1} className="shell-main">
          {children}
        </main>
      </div>
    </div>
  );
}
