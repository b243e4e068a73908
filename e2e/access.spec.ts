import { expect, test } from './support/test';
import { freshSignedInContext, loginWith, pageAlert, pathOnly } from './support/sign-in';
import { SESSION_COOKIE, USERS, stateFile } from './support/users';

test.describe('permission check', () => {
  test('staff.cnx opening a menu without read is logged out with "You are not authorized"', async ({ browser }) => {
    const { context, page } = await freshSignedInContext(browser, 'cnx');
    const before = await context.storageState();

    await page.goto('/Service/Delivery/Shop');
    await expect(page).toHaveURL(pathOnly('/auth/login'));
    await expect(pageAlert(page)).toHaveText('You are not authorized');
    expect((await context.cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(false);
    await context.close();

    // Logged out means the old cookie no longer opens even the page staff.cnx may read.
    const replay = await browser.newContext({ storageState: before });
    const replayPage = await replay.newPage();
    await replayPage.goto(USERS.cnx.home);
    await expect(replayPage).toHaveURL(loginWith(USERS.cnx.home));
    await replay.close();
  });

  test.describe('as staff.cnx', () => {
    test.use({ storageState: stateFile('cnx') });

    test('the readable dashboard opens', async ({ page }) => {
      await page.goto(USERS.cnx.home);
      await expect(page).toHaveURL(pathOnly(USERS.cnx.home));
    });
  });
});

test.describe('route rules', () => {
  test.use({ storageState: stateFile('bkk') });

  for (const path of ['/', '/Users/Staff', '/Service/Delivery/Members', '/Service/Delivery/Setting/System']) {
    test(`staff.bkk on ${path} goes to /not-authorized`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(pathOnly('/not-authorized'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are not authorized');
    });
  }

  test('staff.bkk keeps the session after a forbidden page and still opens its own pages', async ({ page }) => {
    await page.goto('/Service/Delivery/Members');
    await expect(page).toHaveURL(pathOnly('/not-authorized'));
    await page.goto('/Service/Delivery/Shop');
    await expect(page).toHaveURL(pathOnly('/Service/Delivery/Shop'));
  });
});

test.describe('unknown paths', () => {
  for (const path of ['/no/such/page', '/Service/Delivery/NoSuchMenu', '/service/delivery/dashboard']) {
    test(`${path} → /pages/error-404 when signed out`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(pathOnly('/pages/error-404'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    });
  }

  test.describe('signed in', () => {
    test.use({ storageState: stateFile('admin') });

    test('an unknown path → /pages/error-404', async ({ page }) => {
      await page.goto('/Users/Nobody/Here');
      await expect(page).toHaveURL(pathOnly('/pages/error-404'));
    });
  });
});

test.describe('a proxy bypass header gets nothing', () => {
  const variants = [
    'middleware',
    'proxy',
    'middleware:middleware:middleware:middleware:middleware',
    'proxy:proxy:proxy:proxy:proxy',
    'src/middleware:src/middleware:src/middleware:src/middleware:src/middleware',
    'pages/_middleware',
  ];

  for (const value of variants) {
    test(`x-middleware-subrequest: ${value}`, async ({ browser }) => {
      const context = await browser.newContext({ extraHTTPHeaders: { 'x-middleware-subrequest': value } });
      const page = await context.newPage();
      for (const path of ['/', '/Users/Staff', '/Service/Delivery/Dashboard']) {
        await page.goto(path);
        await expect(page).toHaveURL(loginWith(path));
      }
      const bff = await context.request.get('/api/admin/Users/Staff');
      expect(bff.status()).toBe(401);
      const raw = await context.request.get('/Users/Staff', { maxRedirects: 0 });
      expect([303, 307, 308]).toContain(raw.status());
      expect(raw.headers()['location']).toMatch(/\/auth\/login/);
      expect(await raw.text()).not.toContain('staff.bkk');
      await context.close();
    });
  }

  test('a signed-in staff member sending it still cannot open an admin page', async ({ browser }) => {
    const context = await browser.newContext({
      storageState: stateFile('bkk'),
      extraHTTPHeaders: { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy' },
    });
    const page = await context.newPage();
    await page.goto('/Users/Staff');
    await expect(page).toHaveURL(pathOnly('/not-authorized'));
    expect(await page.content()).not.toContain('staff.cnx@demo-company.example');
    expect((await context.request.get('/api/admin/Users/Staff')).status()).toBe(403);
    await context.close();
  });
});
