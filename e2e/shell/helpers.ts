import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { MESSAGE_PARTS, mergeMessages, type MessageTree } from '../../lib/i18n/messages';

/** Helpers of the app-shell specs: the dictionaries, React hydration, the navbar's pop-ups and colours. */

export const SHELL_LOCALES = ['en', 'th', 'zh', 'my'] as const;
export type ShellLocale = (typeof SHELL_LOCALES)[number];

const root = path.join(import.meta.dirname, '..', '..');
const cache = new Map<ShellLocale, MessageTree>();

/** A locale's messages as the portal loads them: `messages/<locale>.json` with each `messages/<part>/<locale>.json` merged in. */
function dictionary(locale: ShellLocale): MessageTree {
  let tree = cache.get(locale);
  if (!tree) {
    const read = (file: string): MessageTree =>
      existsSync(path.join(root, 'messages', file)) ? (JSON.parse(readFileSync(path.join(root, 'messages', file), 'utf8')) as MessageTree) : {};
    tree = MESSAGE_PARTS.reduce((merged, part) => mergeMessages(merged, read(`${part}/${locale}.json`)), read(`${locale}.json`));
    cache.set(locale, tree);
  }
  return tree;
}

/** The message at a dotted key, with `{name}` arguments filled in; a missing key fails the test. */
export function msg(locale: ShellLocale, key: string, args: Record<string, string | number> = {}): string {
  let node: string | MessageTree | undefined = dictionary(locale);
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`messages/${locale}: no string at ${key}`);
  return node.replace(/\{(\w+)\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
}

/**
 * An element by test id, ignoring hidden copies: while the page streams, a Suspense boundary's finished content waits
 * in a hidden container beside its visible fallback, which can be the same trigger.
 */
export function byTestId(page: Page, id: string): Locator {
  return page.getByTestId(id).filter({ visible: true });
}

/** Waits until React has hydrated the element (it then carries React's fiber key), so clicks reach its handlers. */
export async function hydrated(target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  await expect.poll(() => target.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber$'))), { message: 'hydrated' }).toBe(true);
}

/**
 * Opens a navbar pop-up. Its code loads on first intent, so the server-rendered trigger hands the click over to the
 * real widget, which then opens; the wait allows for the chunk.
 */
export async function openPopup(trigger: Locator, popup: Locator): Promise<void> {
  await hydrated(trigger);
  await trigger.click();
  await expect(popup).toBeVisible({ timeout: 20_000 });
}

/** Picks an option of one of the navbar's switchers (locale, theme, direction) by its visible name. */
export async function choose(page: Page, testId: string, option: string): Promise<void> {
  const listbox = page.getByRole('listbox');
  await openPopup(byTestId(page, testId), listbox);
  await listbox.getByRole('option', { name: option, exact: true }).click();
  await expect(listbox).toBeHidden();
}

/** The fixed side menu (≥ 992 px), found by its name in the given language. */
export function sideMenu(page: Page, locale: ShellLocale = 'en'): Locator {
  return page.locator('.shell-aside').getByRole('navigation', { name: msg(locale, 'shell.menu.label'), exact: true });
}

/** The visible names of the side menu's top-level entries, in order (links and group buttons). */
export async function topLevelEntries(menu: Locator): Promise<string[]> {
  const texts = await menu.locator('.shell-menu > li > :is(a, button)').allInnerTexts();
  return texts.map((text) => text.replace(/\s+/g, ' ').trim());
}

/** Presses Tab until `target` has the focus (at most `max` times). */
export async function tabTo(page: Page, target: Locator, max = 30): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Relative luminance (WCAG) of a computed `rgb(…)` / `rgba(…)` colour. */
export function luminance(color: string): number {
  const parts = color
    .match(/[\d.]+/g)
    ?.slice(0, 3)
    .map(Number);
  if (!parts || parts.length !== 3) throw new Error(`not an rgb colour: ${color}`);
  const [r, g, b] = parts.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The computed background colour of an element. */
export function background(target: Locator): Promise<string> {
  return target.evaluate((el) => getComputedStyle(el).backgroundColor);
}
