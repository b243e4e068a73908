import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signedAddress, startTestServer, type TestServer } from './helpers';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer({ lockout: { maxFailures: 10, windowMs: 15 * 60_000 } });
});
afterAll(async () => {
  await api?.close();
});

const LOGIN = '/api/admin/auth/login';
/** The browser's address as the portal passes it on: signed, as the Platform API takes no other. */
const from = (address: string) => signedAddress(address);
const signIn = (body: { username: string; password: string }, address: string) => api.post(LOGIN, body, undefined, from(address));

describe('sign-in limits that cannot be turned against users', () => {
  it('600 failures for made-up usernames from one address leave the admin signing in from another', async () => {
    for (let i = 0; i < 600; i++) {
      const res = await signIn({ username: `made.up.${i}`, password: 'Guess#2026' }, '203.0.113.66');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(false);
    }
    const admin = await signIn(DEMO.admin, '198.51.100.20');
    expect(admin.status).toBe(200);
    expect(admin.body.status).toBe(true);
  }, 120_000);

  it("one address's wrong passwords for an account lock that address only; the owner signs in from another", async () => {
    for (let i = 0; i < 10; i++) expect((await signIn({ username: 'staff.bkk', password: `wrong-${i}` }, '203.0.113.67')).body.status).toBe(false);
    const attacker = await signIn(DEMO.bkk, '203.0.113.67');
    expect(attacker.status).toBe(429);
    expect(attacker.body.message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    // Still locked however often it tries: refused attempts are not counted against the account.
    for (let i = 0; i < 200; i++) expect((await signIn({ username: 'staff.bkk', password: 'x' }, '203.0.113.67')).status).toBe(429);
    expect((await signIn(DEMO.bkk, '198.51.100.21')).body.status).toBe(true);
    // An IPv6 attacker changing addresses within one /64 is one address.
    for (let i = 0; i < 10; i++) await signIn({ username: 'staff.cnx', password: 'x' }, `2001:db8:66:1::${i + 1}`);
    expect((await signIn(DEMO.cnx, '2001:db8:66:1::ff')).status).toBe(429);
    expect((await signIn(DEMO.cnx, '2001:db8:66:2::1')).body.status).toBe(true);
  });

  it('locks an account for everyone only after 100 failures from at least ten addresses, and a made-up name never locks an account', async () => {
    for (let a = 0; a < 10; a++) for (let i = 0; i < 10; i++) await signIn({ username: 'staff.market', password: 'x' }, `192.0.2.${a + 1}`);
    expect((await signIn(DEMO.market, '198.51.100.22')).status).toBe(429);
    api.advance(15 * 60_000 + 1000);
    expect((await signIn(DEMO.market, '198.51.100.22')).body.status).toBe(true);
    // Failures for a name no account has count against that name only.
    for (let i = 0; i < 20; i++) await signIn({ username: 'staff.market.x', password: 'x' }, '198.51.100.23');
    expect((await signIn(DEMO.market, '198.51.100.23')).body.status).toBe(true);
  });
});

describe('change-password attempts', () => {
  const CHANGE = '/api/admin/Profile/password';
  it('after 5 wrong current passwords in 15 minutes the right one is refused too, until the window passes', async () => {
    const session = await api.login(DEMO.cnx);
    const change = (current: string) => api.post(CHANGE, { current, password: 'Changed#2026', confirm: 'Changed#2026' }, session.accessToken);
    for (let i = 0; i < 5; i++) {
      const wrong = await change(`wrong-${i}`);
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toEqual({ current: ['wrongPassword'] });
    }
    const refused = await change(DEMO.cnx.password);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many attempts. Try again in 15 minutes.');
    // Another session of the same user is not held back by this one's guesses.
    const other = await api.login(DEMO.cnx);
    const elsewhere = await api.post(CHANGE, { current: DEMO.cnx.password, password: 'Changed#2026', confirm: 'Changed#2026' }, other.accessToken);
    expect(elsewhere.status).toBe(200);
  });

  it('the refusal ends with the window', async () => {
    const session = await api.login(DEMO.admin);
    const change = (current: string, password: string) => api.post(CHANGE, { current, password, confirm: password }, session.accessToken);
    for (let i = 0; i < 6; i++) await change(`wrong-${i}`, 'Changed#2026');
    expect((await change(DEMO.admin.password, 'Changed#2026')).status).toBe(429);
    api.advance(15 * 60_000 + 1000);
    expect((await change(DEMO.admin.password, 'Changed#2026')).status).toBe(200);
  });
});
