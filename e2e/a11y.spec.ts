import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test';
import type { Result } from 'axe-core';
import { PORTAL_URL } from '../playwright.config';
import { byTestId, msg, openPopup } from './shell/helpers';
import { pathOnly } from './support/sign-in';
import { stateFile, type Role } from './support/users';

/** axe-core (WCAG 2 A and AA rules): no serious or critical violation on the login page and the shell, per theme. */

const BLOCKING = new Set(['serious', 'critical']);

/** The blocking violations, one readable line per element, so a failure says what to fix. */
async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.passes.length, 'axe ran its rules').toBeGreaterThan(10);
  return results.violations
    .filter((v: Result) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v: Result) => v.nodes.map((node) => `${v.impact} ${v.id}: ${node.target.join(' ')} — ${node.failureSummary ?? v.help}`));
}

const PAGES: { name: string; path: string; role: Role | null; heading: string }[] = [
  { name: 'login', path: '/auth/login', role: null, heading: '' },
  { name: 'company dashboard (admin)', path: '/', role: 'admin', heading: msg('en', 'nav.companyDashboard') },
  { name: 'service page (staff.bkk)', path: '/Service/Delivery/Shop', role: 'bkk', heading: msg('en', 'nav.shop') },
];
const THEMES = ['light', 'dark', 'semi-dark'] as const;

for (const target of PAGES) {
  test.describe(target.name, () => {
    if (target.role) test.use({ storageState: stateFile(target.role) });

    for (const theme of THEMES) {
      test(`${theme}: no serious or critical violations`, async ({ page, context }) => {
        await context.addCookies([{ name: 'theme', value: theme, url: PORTAL_URL }]);
        await page.goto(target.path);
        await expect(page).toHaveURL(pathOnly(target.path));
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const heading = page.getByRole('heading', { level: 1 });
        if (target.heading) await expect(heading).toHaveText(target.heading);
        else await expect(heading).toBeVisible();
        // Web fonts settled, so colours and sizes are final.
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        expect(await blockingViolations(page)).toEqual([]);
      });
    }
  });
}

test.describe('navbar pop-ups open (staff.bkk)', () => {
  test.use({ storageState: stateFile('bkk') });

  for (const theme of ['light', 'dark'] as const) {
    test(`${theme}: the notifications dialog and the language list have no serious or critical violations`, async ({ page, context }) => {
      await context.addCookies([{ name: 'theme', value: theme, url: PORTAL_URL }]);
      await page.goto('/Service/Delivery/Dashboard');
      const dialog = page.getByRole('dialog', { name: msg('en', 'shell.notifications.title'), exact: true });
      await openPopup(byTestId(page, 'notifications-bell'), dialog);
      await expect(dialog.getByRole('listitem').first()).toBeVisible();
      expect(await blockingViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await openPopup(byTestId(page, 'locale-switcher'), page.getByRole('listbox'));
      expect(await blockingViolations(page)).toEqual([]);
    });
  }
});
