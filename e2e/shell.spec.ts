import { expect, test, type Page } from './support/test';
import { PORTAL_URL } from '../playwright.config';
import { background, byTestId, choose, luminance, msg, SHELL_LOCALES, sideMenu, type ShellLocale } from './shell/helpers';
import { stateFile } from './support/users';

/** The app shell's display preferences: four languages, three themes and two directions, kept across reloads. */

const DASHBOARD = '/Service/Delivery/Dashboard';
const AUTONYMS: Record<ShellLocale, string> = { en: 'English', th: 'ไทย', zh: '中文', my: 'မြန်မာ' };
/** The self-hosted face each script must be drawn with. */
const FACES: Partial<Record<ShellLocale, string>> = { th: 'Noto Sans Thai', my: 'Noto Sans Myanmar' };

test.use({ storageState: stateFile('bkk') });

/** The side menu, a group and the page heading, all in `locale`. */
async function expectShellIn(page: Page, locale: ShellLocale): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  const menu = sideMenu(page, locale);
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: msg(locale, 'nav.dashboard'), exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: msg(locale, 'nav.taskMonitoring'), exact: true })).toBeVisible();
  await expect(menu.getByRole('button', { name: msg(locale, 'navGroup.shopManagement'), exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(locale, 'nav.dashboard'));
  await expect(byTestId(page, 'locale-switcher')).toHaveAttribute('aria-label', `${msg(locale, 'shell.locale.label')}: ${AUTONYMS[locale]}`);
}

/** The families the browser really drew the page heading with (DevTools protocol), and whether each was a web font. */
async function headingFonts(page: Page): Promise<{ familyName: string; isCustomFont: boolean; glyphCount: number }[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'main h1' });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts;
}

async function expectFace(page: Page, family: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family.replace(/["']/g, ''));
      }),
    )
    .toContain(family);
  // Every glyph of the heading (all in the script) comes from the web font; platform names carry the weight
  // ("Noto Sans Thai SemiBold" for the 600 heading).
  await expect
    .poll(async () => {
      const used = (await headingFonts(page)).filter((f) => f.glyphCount > 0);
      return used.length > 0 && used.every((f) => f.isCustomFont && f.familyName.startsWith(family));
    })
    .toBe(true);
}

test('each language through the switcher: menu and heading follow, a reload keeps it, Thai and Burmese use their Noto faces', async ({ page, context }) => {
  await page.goto(DASHBOARD);
  await expectShellIn(page, 'en');
  for (const locale of [...SHELL_LOCALES.filter((l) => l !== 'en'), 'en'] as ShellLocale[]) {
    await choose(page, 'locale-switcher', AUTONYMS[locale]);
    await expectShellIn(page, locale);
    const face = FACES[locale];
    if (face) await expectFace(page, face);

    await page.reload();
    await expectShellIn(page, locale);
    expect((await context.cookies(PORTAL_URL)).find((c) => c.name === 'NEXT_LOCALE')?.value).toBe(locale);
    expect(await page.evaluate(() => window.localStorage.getItem('locale'))).toBe(locale);
  }
});

const THEMES = [
  { value: 'light', label: 'Light', from: 'dark', menuDark: false, contentDark: false },
  { value: 'dark', label: 'Dark', from: 'light', menuDark: true, contentDark: true },
  { value: 'semi-dark', label: 'Semi-dark', from: 'light', menuDark: true, contentDark: false },
] as const;

/** Matches a class list holding the theme's class (and not only a longer name that contains it). */
const classOf = (theme: string) => new RegExp(`(^|\\s)${theme}(\\s|$)`);

for (const theme of THEMES) {
  test(`theme ${theme.value}: chosen in the navbar, on <html>, in the colours, kept after a reload`, async ({ page, context }, testInfo) => {
    await context.addCookies([{ name: 'theme', value: theme.from, url: PORTAL_URL }]);
    await page.goto(DASHBOARD);
    await expect(page.locator('html')).toHaveClass(classOf(theme.from));
    await choose(page, 'theme-switcher', theme.label);

    for (const pass of ['chosen', 'reloaded']) {
      if (pass === 'reloaded') await page.reload();
      const html = page.locator('html');
      await expect(html).toHaveClass(classOf(theme.value));
      await expect(html).toHaveAttribute('data-theme', theme.value);
      const menu = luminance(await background(sideMenu(page)));
      const content = luminance(await background(page.locator('body')));
      expect(menu < 0.05, `side menu dark (${pass}, luminance ${menu.toFixed(3)})`).toBe(theme.menuDark);
      expect(content < 0.05, `content dark (${pass}, luminance ${content.toFixed(3)})`).toBe(theme.contentDark);
      // Only the extremes count: a mid-grey would pass neither theme.
      expect(theme.menuDark ? menu : 1 - menu).toBeLessThan(0.05);
      expect(theme.contentDark ? content : 1 - content).toBeLessThan(0.1);
    }
    expect((await context.cookies(PORTAL_URL)).find((c) => c.name === 'theme')?.value).toBe(theme.value);
    await testInfo.attach(`theme-${theme.value}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  });
}

test('right-to-left: <html dir>, the side menu moves to the right, kept after a reload; back to left-to-right', async ({ page, context }, testInfo) => {
  await page.goto(DASHBOARD);
  const width = page.viewportSize()!.width;
  const menuBox = async () => (await sideMenu(page).boundingBox())!;
  expect((await menuBox()).x).toBeLessThan(1);

  await choose(page, 'direction-switcher', 'Right to left (RTL)');
  for (const pass of ['chosen', 'reloaded']) {
    if (pass === 'reloaded') await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await page.locator('main h1').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    // Its right edge meets the viewport's (a scrollbar may take a few pixels).
    await expect
      .poll(async () => {
        const box = await menuBox();
        return box.x + box.width;
      })
      .toBeGreaterThan(width - 20);
    // The navbar mirrors too: the user menu sits at the left end.
    expect((await byTestId(page, 'user-menu').boundingBox())!.x).toBeLessThan(width / 2);
  }
  expect((await context.cookies(PORTAL_URL)).find((c) => c.name === 'dir')?.value).toBe('rtl');
  await testInfo.attach('direction-rtl', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  await choose(page, 'direction-switcher', 'Left to right (LTR)');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect.poll(async () => Math.round((await menuBox()).x)).toBe(0);
});
