import { expect, test } from './support/test';
import { byTestId, hydrated, msg } from './shell/helpers';
import { stateFile } from './support/users';

/**
 * The navbar's pop-ups load their code on the first sign of intent. A press that is still held when that code
 * arrives (the server-rendered trigger is replaced under the pointer) must still open the pop-up, once.
 */

test.use({ storageState: stateFile('bkk') });

const WIDGETS = [
  { testId: 'locale-switcher', kind: 'listbox (language)', popup: { role: 'listbox' as const } },
  { testId: 'user-menu', kind: 'menu (user menu)', popup: { role: 'menu' as const } },
  { testId: 'notifications-bell', kind: 'dialog (notifications)', popup: { role: 'dialog' as const, name: msg('en', 'shell.notifications.title') } },
];

for (const widget of WIDGETS) {
  test(`${widget.kind}: a press held while its code arrives opens it and it stays open`, async ({ page }) => {
    await page.goto('/Service/Delivery/Dashboard');
    const trigger = byTestId(page, widget.testId);
    await hydrated(trigger);
    // From now on every script arrives 0.8 s late: the code comes in while the button is held down.
    await page.route('**/_next/static/chunks/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const box = (await trigger.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.waitForTimeout(2500);
    await page.mouse.up();

    const popup = page.getByRole(widget.popup.role, widget.popup.name ? { name: widget.popup.name, exact: true } : {});
    await expect(popup).toBeVisible({ timeout: 5_000 });
    // Not opened and closed again by the release.
    await page.waitForTimeout(500);
    await expect(popup).toBeVisible();
    await expect(byTestId(page, widget.testId)).toHaveAttribute('aria-expanded', 'true');
  });
}
