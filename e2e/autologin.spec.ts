import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from './support/test';
import { signAutologinToken, type AutologinPurpose } from '../contract/autologin';
import { E2E, PORTAL_URL } from '../playwright.config';
import { apiLogin } from './support/platform-api';
import { pageAlert, pathOnly } from './support/sign-in';
import { SESSION_COOKIE, USERS } from './support/users';

const ENTRY: Record<AutologinPurpose, string> = { root: '/autologinRoot', portal: '/autologinPortal', shop: '/autologinShop' };
const now = () => Math.floor(Date.now() / 1000);

function link(purpose: AutologinPurpose, token: string, to?: string): string {
  const query = new URLSearchParams({ token });
  if (to !== undefined) query.set('to', to);
  return `${ENTRY[purpose]}?${query}`;
}

function sign(purpose: AutologinPurpose, uid: string, extra: { exp?: number; author?: string; shop?: string } = {}): Promise<string> {
  return signAutologinToken(E2E.autologinSecret, purpose, { uid, ...extra });
}

async function expectRefused(page: Page): Promise<void> {
  await expect(page).toHaveURL(pathOnly('/auth/login'));
  await expect(pageAlert(page)).toHaveText('Wrong Email or Password');
  expect((await page.context().cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(false);
}

let uids: { admin: string; bkk: string };

test.beforeAll(async () => {
  const [admin, bkk] = await Promise.all([apiLogin(USERS.admin.username, USERS.admin.password), apiLogin(USERS.bkk.username, USERS.bkk.password)]);
  uids = { admin: admin.userData.uid, bkk: bkk.userData.uid };
});

test('a signed portal link lands signed in on `to`, without the token in the address bar; the same link again is refused', async ({ page }) => {
  const url = link('portal', await sign('portal', uids.bkk, { author: 'partner-portal' }), '/Service/Delivery/Shop?tab=open');
  await page.goto(url);
  await expect(page).toHaveURL(`${PORTAL_URL}/Service/Delivery/Shop?tab=open`);
  expect(page.url()).not.toContain('token=');
  await page.goto(USERS.bkk.home);
  await expect(page).toHaveURL(pathOnly(USERS.bkk.home));

  // The same link again is refused, and changes nothing: the session it found stays (a forged or replayed link cannot
  // sign anyone out), so the signed-in user lands on their home page.
  await page.goto(url);
  await expect(page).toHaveURL(pathOnly(USERS.bkk.home));
});

test('a root link for the admin lands on the company dashboard', async ({ page }) => {
  await page.goto(link('root', await sign('root', uids.admin)));
  await expect(page).toHaveURL(`${PORTAL_URL}/`);
});

test("a shop link for a shop of the user's area signs in", async ({ page }) => {
  await page.goto(link('shop', await sign('shop', uids.bkk, { shop: '1' })));
  await expect(page).toHaveURL(pathOnly(USERS.bkk.home));
});

const refused: [string, () => Promise<string> | string][] = [
  [
    'a tampered signature',
    async () => {
      const token = await sign('portal', uids.bkk);
      const last = token.at(-2) === 'A' ? 'B' : 'A';
      return link('portal', `${token.slice(0, -2)}${last}${token.at(-1)}`);
    },
  ],
  [
    'a tampered payload',
    async () => {
      const [, signature] = (await sign('portal', uids.bkk)).split('.');
      const payload = Buffer.from(JSON.stringify({ uid: uids.admin, exp: now() + 60, nonce: 'forged-nonce-123' })).toString('base64url');
      return link('portal', `${payload}.${signature}`);
    },
  ],
  ['an expired token', async () => link('portal', await sign('portal', uids.bkk, { exp: now() - 5 }))],
  ['a token valid too far ahead', async () => link('portal', await sign('portal', uids.bkk, { exp: now() + 3600 }))],
  ['a token of another purpose', async () => link('portal', await sign('root', uids.bkk))],
  [
    'a token signed with another secret',
    async () => link('portal', await signAutologinToken('not-the-portal-secret-0123456789abcdef', 'portal', { uid: uids.bkk })),
  ],
  ['an unknown user', async () => link('portal', await sign('portal', '999999'))],
  ["a shop outside the user's scope", async () => link('shop', await sign('shop', uids.bkk, { shop: '999999' }))],
  ['no token at all', async () => ENTRY.portal],
];

for (const [name, make] of refused) {
  test(`${name} → login with 'Wrong Email or Password'`, async ({ page }) => {
    await page.goto(await make());
    await expectRefused(page);
  });
}

for (const to of ['//evil.example', 'https://evil.example/x', '/\\evil.example', '/auth/login']) {
  test(`to=${to} is ignored: the user's default page opens`, async ({ page }) => {
    await page.goto(link('portal', await sign('portal', uids.bkk), to));
    await expect(page).toHaveURL(pathOnly(USERS.bkk.home));
  });
}

test('`npm run autologin-link` prints a link that works once', async ({ page }) => {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'autologin-link', '--', '--purpose', 'portal', '--uid', uids.bkk, '--to', '/Service/Delivery/Orders', '--base', PORTAL_URL],
    { env: { ...process.env, AUTOLOGIN_SECRET: E2E.autologinSecret }, timeout: 60_000 },
  );
  const printed = stdout.trim().split('\n').at(-1) ?? '';
  expect(printed).toMatch(new RegExp(`^${PORTAL_URL}/autologinPortal\\?token=[\\w-]+\\.[\\w-]+&to=`));
  await page.goto(printed);
  await expect(page).toHaveURL(`${PORTAL_URL}/Service/Delivery/Orders`);
  // Used once: in a browser without the session it is refused with the message.
  await page.context().clearCookies();
  await page.goto(printed);
  await expectRefused(page);
});

/** Opens a page of another site that links to `href`, and follows the link as a person does (a cross-site navigation). */
async function followFromAnotherSite(page: Page, href: string): Promise<void> {
  await page.route('https://partner.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Partner</title><a href="${PORTAL_URL}${href}">Open the back office</a>` }),
  );
  await page.goto('https://partner.example/');
  await page.getByRole('link', { name: 'Open the back office' }).click();
}

test('a link followed from another site asks first: nothing changes until Continue, which signs in and opens `to`', async ({ page }) => {
  await followFromAnotherSite(page, link('portal', await sign('portal', uids.bkk), '/Service/Delivery/Orders'));
  await expect(page).toHaveURL(pathOnly('/auth/autologin'));
  await expect(page.getByRole('heading', { name: 'Sign in with this link?' })).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(false);

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${PORTAL_URL}/Service/Delivery/Orders`);
  expect((await page.context().cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(true);
});

test("login CSRF: a signed-in user who follows another site's link stays who they are unless they press Continue", async ({ page }) => {
  await page.goto(link('root', await sign('root', uids.admin)));
  await expect(page).toHaveURL(`${PORTAL_URL}/`);

  await followFromAnotherSite(page, link('portal', await sign('portal', uids.bkk)));
  await expect(page).toHaveURL(pathOnly('/auth/autologin'));
  await expect(page.getByText(/You are signed in as .+\. Continuing signs you out of that account first\./)).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(`${PORTAL_URL}/`);
  // Still the admin: the company area opens.
  await page.goto('/Users/Staff');
  await expect(page).toHaveURL(pathOnly('/Users/Staff'));
});

test('a cross-site auto-login GET with a bad token leaves the session as it was', async ({ page }) => {
  await page.goto(link('root', await sign('root', uids.admin)));
  await expect(page).toHaveURL(`${PORTAL_URL}/`);
  const before = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)?.value;

  await followFromAnotherSite(page, link('portal', 'forged.token'));
  await expect(page).not.toHaveURL(pathOnly('/auth/autologin'));
  expect((await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)?.value).toBe(before);
  await page.goto('/Users/Staff');
  await expect(page).toHaveURL(pathOnly('/Users/Staff'));
});

test('the confirmation cannot be posted from another site', async ({ page }) => {
  const token = await sign('portal', uids.bkk);
  await page.route('https://partner.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><form method="post" action="${PORTAL_URL}/autologinPortal"><input type="hidden" name="token" value="${token}"><button>Go</button></form>`,
    }),
  );
  await page.goto('https://partner.example/');
  await page.getByRole('button', { name: 'Go' }).click();
  await expectRefused(page);
  // The link was not used up by the refused post: followed from the portal's own address it still works.
  await page.goto(link('portal', token));
  await expect(page).toHaveURL(pathOnly(USERS.bkk.home));
});
