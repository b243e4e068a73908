import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let bkk: Loose;
const P = '/api/admin/Profile';
const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });
const PNG = `data:image/png;base64,${Buffer.from('not really a png but base64').toString('base64')}`;

beforeAll(async () => {
  api = await startTestServer();
  bkk = await api.login(DEMO.bkk);
});
afterAll(async () => {
  await api?.close();
});

describe('Profile', () => {
  it("reads and changes the user's own profile, with the version", async () => {
    const me = (await api.get(P, bkk.accessToken)).body.data;
    expect(me).toMatchObject({ username: 'staff.bkk', displayName: 'Bangkok Staff', about: '', photoUrl: '', status: 'online', version: 1 });
    const bad = await send('PUT', P, bkk.accessToken, { displayName: '', photoUrl: 'data:text/html;base64,PHNjcmlwdD4=', status: 'busy', version: 1 });
    expect(bad.body.errors).toEqual({ displayName: ['required'], photoUrl: ['invalidPhoto'], status: ['required'] });
    const saved = await send('PUT', P, bkk.accessToken, { displayName: 'Bangkok Desk', about: 'Morning shift', photoUrl: PNG, status: 'away', version: 1 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ displayName: 'Bangkok Desk', photoUrl: PNG, status: 'away', version: 2 });
    expect((await send('PUT', P, bkk.accessToken, { displayName: 'Lost', status: 'online', version: 1 })).status).toBe(409);
  });

  it('changes the password after checking the current one, and ends every other session', async () => {
    const other = await api.login(DEMO.bkk);
    const wrong = await send('POST', `${P}/password`, bkk.accessToken, { current: 'nope', password: 'NewStaff#2026', confirm: 'NewStaff#2026' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ current: ['wrongPassword'] });
    const mismatch = await send('POST', `${P}/password`, bkk.accessToken, { current: DEMO.bkk.password, password: 'NewStaff#2026', confirm: 'NewStaff#2027' });
    expect(mismatch.body.errors).toEqual({ confirm: ['passwordMismatch'] });
    const ok = await send('POST', `${P}/password`, bkk.accessToken, { current: DEMO.bkk.password, password: 'NewStaff#2026', confirm: 'NewStaff#2026' });
    expect(ok.status).toBe(200);
    api.advance(5_000); // past the token cache
    expect((await api.get(P, other.accessToken)).status).toBe(401);
    expect((await api.get(P, bkk.accessToken)).status).toBe(200);
    const again = await api.login({ username: 'staff.bkk', password: 'NewStaff#2026' });
    expect(again.accessToken).toBeTruthy();
  });

  it('needs a signed-in user', async () => {
    expect((await api.request('GET', P, {})).status).toBe(401);
  });
});
