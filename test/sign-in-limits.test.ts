import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/admin/auth/login/route';
import { POST as forgotPassword } from '@/app/api/admin/auth/ForgotPassword/route';
import { SESSION_COOKIE } from '@/lib/server/session-codec';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { cookieNamed, portalRequest } from './next-request';
import { ADMIN_USER, fullPermissionList, loginAnswer, scriptPermissions } from './upstream-script';

// The portal behind a proxy it trusts: the browser's address is the right-most X-Forwarded-For hop.
const trusted = process.env.TRUST_PROXY;
beforeAll(() => {
  process.env.TRUST_PROXY = '1';
});
afterAll(() => {
  if (trusted === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = trusted;
});

const fake = withFakeUpstream();
beforeEach(() => {
  scriptPermissions(fake, () => fullPermissionList());
  fake.on('POST', '/api/admin/auth/login', (req, res) => {
    const { password } = JSON.parse(req.body) as { password: string };
    sendJson(res, 200, password === 'right' ? loginAnswer(ADMIN_USER) : { status: false, message: 'Wrong Email or Password' });
  });
  fake.on('POST', '/api/admin/auth/ForgotPassword', (_req, res) => sendJson(res, 200, { status: true, data: { dataUser: 'ref-1' } }));
});

const from = (address: string) => ({ 'x-forwarded-for': `10.9.9.9, ${address}` });
const jsonSignIn = (body: object, address: string) => login(portalRequest('/api/admin/auth/login', { body, headers: from(address) }));
const formSignIn = (fields: Record<string, string>, address: string) =>
  login(
    portalRequest('/api/admin/auth/login', {
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...from(address) },
    }),
  );

describe('sign-in limits at the portal', () => {
  it("600 failed JSON sign-ins for made-up usernames from address A never stop the admin's sign-in from address B", async () => {
    const answers = [];
    for (let i = 0; i < 600; i++) answers.push((await jsonSignIn({ username: `made.up.${i}`, password: 'guess' }, '203.0.113.66')).status);
    // A itself is held back past its own limit (30 in 15 minutes)...
    expect(answers.filter((s) => s === 429).length).toBe(570);
    // ...B is not.
    const admin = await jsonSignIn({ username: 'admin', password: 'right' }, '198.51.100.20');
    expect(admin.status).toBe(200);
    expect(await admin.json()).toMatchObject({ status: true });
    expect(cookieNamed(admin, SESSION_COOKIE)?.value).toBeTruthy();
  });

  it('the same without JavaScript: the form sign-in from B signs in while A is sent back locked', async () => {
    for (let i = 0; i < 600; i++) await formSignIn({ username: `ghost.${i}`, password: 'guess' }, '203.0.113.77');
    const locked = await formSignIn({ username: 'admin', password: 'right' }, '203.0.113.77');
    expect(locked.headers.get('location')).toBe('/auth/login?reason=locked');
    const admin = await formSignIn({ username: 'admin', password: 'right' }, '198.51.100.21');
    expect(admin.status).toBe(303);
    expect(admin.headers.get('location')).toBe('/');
    expect(cookieNamed(admin, SESSION_COOKIE)?.value).toBeTruthy();
  });

  it('successful sign-ins from one address (an office) are not counted against it', async () => {
    for (let i = 0; i < 40; i++) expect((await jsonSignIn({ username: 'admin', password: 'right' }, '198.51.100.30')).status).toBe(200);
  });

  it("forgot-password: one address's requests for an account never stop the account's owner at another address", async () => {
    const ask = (input: string, address: string) =>
      forgotPassword(portalRequest('/api/admin/auth/ForgotPassword', { body: { input }, headers: from(address) }));
    const statuses = [];
    for (let i = 0; i < 100; i++) statuses.push((await ask('admin', '203.0.113.88')).status);
    expect(statuses.filter((s) => s === 200).length).toBe(5);
    expect((await ask('admin', '198.51.100.40')).status).toBe(200);
    // Made-up names from one address stop at its address limit (10) and touch no real account.
    for (let i = 0; i < 50; i++) await ask(`nobody.${i}`, '203.0.113.89');
    expect((await ask('nobody.x', '203.0.113.89')).status).toBe(429);
    expect((await ask('admin', '198.51.100.41')).status).toBe(200);
  });
});
