import { expect, test, type Page, type Response } from './support/test';
import { PORTAL_URL } from '../playwright.config';
import { apiLogin, apiRegister, apiResetPassword } from './support/platform-api';
import { fillLogin, freshSignedInContext, loginWith, pathOnly, signIn, signOutFromMenu } from './support/sign-in';
import { JWT_PATTERN, SESSION_COOKIE, USERS, uniqueEmail } from './support/users';

/** Collects the text of every portal response a page receives. */
function recordBodies(page: Page): { bodies: { url: string; text: string }[]; settle(): Promise<void> } {
  const bodies: { url: string; text: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    if (!response.url().startsWith(PORTAL_URL)) return;
    pending.push(
      response
        .text()
        .then((text) => void bodies.push({ url: response.url(), text }))
        .catch(() => undefined), // redirects have no body
    );
  });
  return { bodies, settle: () => Promise.all(pending).then(() => undefined) };
}

test.describe('no token reaches the browser', () => {
  test('sign-in answers, pages, BFF answers and document.cookie hold no upstream token', async ({ page }) => {
    // A real upstream token: its header part is the same in every token the Platform API signs.
    const real = await apiLogin(USERS.admin.username, USERS.admin.password);
    const [tokenHeader] = real.accessToken.split('.');
    expect(real.accessToken).toMatch(JWT_PATTERN);
    expect(tokenHeader!.length).toBeGreaterThan(10);

    const recorder = recordBodies(page);
    // The sign-in answer is read on its way to the page: the page leaves at once, taking the body with it.
    const signInAnswers: string[] = [];
    await page.route('**/api/admin/auth/login', async (route) => {
      const response = await route.fetch();
      signInAnswers.push(await response.text());
      await route.fulfill({ response });
    });
    await signIn(page, 'admin');
    await page.goto('/Users/Staff');
    await page.goto('/Service/Delivery/Dashboard');
    await page.goto('/not-authorized');
    // A client-side navigation: the page arrives as an RSC payload.
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(`${PORTAL_URL}/`);
    const bff = await page.evaluate(async () => {
      const answers = await Promise.all(
        ['/api/admin/Users/Staff', '/api/admin/Permission/getPermission', '/api/admin/Dashboard'].map((path) =>
          fetch(path).then(async (r) => ({ status: r.status, text: await r.text() })),
        ),
      );
      return answers;
    });
    expect(bff.map((a) => a.status)).toEqual([200, 200, 200]);
    // A page as an RSC payload, the way client-side navigation receives it.
    const rsc = await page.evaluate(() =>
      fetch('/Users/Staff', { headers: { RSC: '1' } }).then(async (r) => ({ type: r.headers.get('content-type') ?? '', text: await r.text() })),
    );
    expect(rsc.type).toContain('text/x-component');
    await recorder.settle();

    const html = await page.content();
    const cookie = await page.evaluate(() => document.cookie);
    expect(recorder.bodies.length).toBeGreaterThan(5);
    expect(signInAnswers).toEqual([JSON.stringify({ status: true, redirect: '/' })]);
    const answers = [...signInAnswers, ...bff.map((b) => b.text)];
    for (const text of answers) expect(text).not.toContain('"accessToken"');
    const everything = [
      ...recorder.bodies,
      ...answers.map((text) => ({ url: 'JSON answer', text })),
      { url: 'html', text: html },
      { url: 'RSC payload', text: rsc.text },
      { url: 'document.cookie', text: cookie },
    ];
    for (const { url, text } of everything) {
      expect(text, url).not.toMatch(JWT_PATTERN);
      expect(text, url).not.toContain(tokenHeader);
    }
    expect(cookie).not.toContain(SESSION_COOKIE);
  });
});

test.describe('the session cookie', () => {
  test('is __Host-, Secure, httpOnly, SameSite=Lax and ends with the browser without "remember me"', async ({ page, context }) => {
    await signIn(page, 'bkk');
    const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ name: '__Host-bo_session', secure: true, httpOnly: true, sameSite: 'Lax', path: '/', expires: -1 });
    expect(cookie!.value.length).toBeLessThan(4096);
  });

  test('with "remember me" it persists across browser restarts until the session\'s absolute end (12 hours)', async ({ page, context }) => {
    await page.goto('/auth/login');
    await fillLogin(page, USERS.bkk.username, USERS.bkk.password, { remember: true });
    await expect(page).toHaveURL(pathOnly(USERS.bkk.home));
    const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const hours = (cookie!.expires - Date.now() / 1000) / 3600;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
  });
});

test.describe('ending a session', () => {
  test('after logout a copy of the old cookie opens nothing', async ({ browser }) => {
    const { context, page } = await freshSignedInContext(browser, 'admin');
    const copied = await context.storageState();
    expect(copied.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(true);

    await signOutFromMenu(page);
    expect((await context.cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(false);
    await context.close();

    const replay = await browser.newContext({ storageState: copied });
    const replayPage = await replay.newPage();
    await replayPage.goto('/Users/Staff');
    await expect(replayPage).toHaveURL(loginWith('/Users/Staff'));
    await expect(replayPage.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    const api = await replay.request.get('/api/admin/Users/Staff');
    expect(api.status()).toBe(401);
    expect(await api.text()).not.toMatch(JWT_PATTERN);
    await replay.close();
  });

  test('/clearcookies signs out and goes to login', async ({ browser }) => {
    const { context, page } = await freshSignedInContext(browser, 'bkk');
    const copied = await context.storageState();
    await page.goto('/clearcookies');
    await expect(page).toHaveURL(pathOnly('/auth/login'));
    expect((await context.cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(false);
    await page.goto(USERS.bkk.home);
    await expect(page).toHaveURL(loginWith(USERS.bkk.home));
    await context.close();

    const replay = await browser.newContext({ storageState: copied });
    expect((await replay.request.get('/api/admin/Delivery/Dashboard')).status()).toBe(401);
    await replay.close();
  });

  test('a session the Platform API has ended sends the user to login with the page they were on', async ({ page }) => {
    const email = uniqueEmail('ended');
    await apiRegister('Ended Session Co', email, 'First#Pass1');
    await page.goto('/auth/login');
    await fillLogin(page, email, 'First#Pass1');
    await expect(page).toHaveURL(`${PORTAL_URL}/`);

    // A password reset elsewhere ends every session of the account; the token refresh then fails too.
    await apiResetPassword(email, 'Second#Pass2');
    await expect(async () => {
      await page.goto('/Users/Admin');
      await expect(page).toHaveURL(loginWith('/Users/Admin'), { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    expect((await page.context().cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(false);

    await fillLogin(page, email, 'Second#Pass2');
    await expect(page).toHaveURL(`${PORTAL_URL}/Users/Admin`);
  });
});
