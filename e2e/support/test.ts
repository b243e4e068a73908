import { test as base, expect, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test`, and every page of the test's browser context watched for a message its dictionary lacks
 * (next-intl logs `MISSING_MESSAGE` in the browser): each page is sent only the namespaces it names
 * (lib/i18n/client-messages.ts), so a screen that reads another namespace fails the test that opens it.
 */
export const test = base.extend<{ dictionaryComplete: void }>({
  dictionaryComplete: [
    async ({ context }, use) => {
      const missing: string[] = [];
      const watch = (page: Page) =>
        page.on('console', (message) => {
          if (message.type() === 'error' && message.text().includes('MISSING_MESSAGE')) missing.push(`${page.url()}: ${message.text()}`);
        });
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      expect(missing, 'messages the page reads but was not sent').toEqual([]);
    },
    { auto: true },
  ],
});
