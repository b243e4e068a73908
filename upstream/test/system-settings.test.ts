import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { DEMO, startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
const S = '/api/admin/Delivery/Setting/System';
const put = (token: string, body: unknown) => api.request('PUT', S, { token, body });
const bodyOf = (s: Loose) => ({
  name: s.name,
  logoUrl: s.logoUrl,
  timeZone: s.timeZone,
  defaultLanguage: s.defaultLanguage,
  distanceUnit: s.distanceUnit,
  version: s.version,
});

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk)]);
});
afterAll(async () => {
  await api?.close();
});

describe('Setting/System: who may', () => {
  it('is the admins’ alone: staff get 403 for the settings, the history, a save and a logo upload', async () => {
    const s = (await api.get(S, admin.accessToken)).body.data;
    expect((await api.get(S, bkk.accessToken)).status).toBe(403);
    expect((await api.get(`${S}/History`, bkk.accessToken)).status).toBe(403);
    expect((await put(bkk.accessToken, { ...bodyOf(s), name: 'Taken over' })).status).toBe(403);
    const upload = await api.request('POST', `${S}/Images`, { token: bkk.accessToken, raw: 'x', headers: { 'content-type': 'application/octet-stream' } });
    expect(upload.status).toBe(403);
    expect((await api.get(S, admin.accessToken)).body.data.name).toBe(s.name);
  });
});

describe('Setting/System: saving', () => {
  it('starts with the demo company’s name, Bangkok time, English and kilometres', async () => {
    expect((await api.get(S, admin.accessToken)).body.data).toMatchObject({
      name: 'Demo Company',
      timeZone: 'Asia/Bangkok',
      defaultLanguage: 'en',
      distanceUnit: 'km',
    });
  });

  it('refuses what is not a setting: an empty name, an unknown zone, language or unit, a logo that is neither an upload nor an address', async () => {
    const s = (await api.get(S, admin.accessToken)).body.data;
    const bad = await put(admin.accessToken, {
      ...bodyOf(s),
      name: ' ',
      timeZone: 'Mars/Base',
      defaultLanguage: 'fr',
      distanceUnit: 'Mile',
      logoUrl: 'logo.png',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['defaultLanguage', 'distanceUnit', 'logoUrl', 'name', 'timeZone']);
    expect((await put(admin.accessToken, { ...bodyOf(s), name: 'x'.repeat(101) })).body.errors).toEqual({ name: ['tooLong100'] });
  });

  it('saves on the company’s row with one history entry per changed field, who and when; a stale save is 409 with the settings as they are', async () => {
    const s = (await api.get(S, admin.accessToken)).body.data;
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .png()
      .toBuffer();
    const uploaded = await fetch(`${api.url}${S}/Images`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${admin.accessToken}` },
      body: new Uint8Array(png),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as Loose }));
    expect(uploaded.status).toBe(201);
    const logo = uploaded.body.data.key;
    const saved = await put(admin.accessToken, { ...bodyOf(s), name: 'Bite Thailand', logoUrl: logo, timeZone: 'Asia/Yangon', distanceUnit: 'mi' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'Bite Thailand', logoUrl: logo, timeZone: 'Asia/Yangon', distanceUnit: 'mi', version: s.version + 1 });
    expect(saved.body.data.updatedBy.uid).toBe(String(admin.userData.uid));
    const history = (await api.get(`${S}/History`, admin.accessToken)).body.data as Loose[];
    expect(Object.fromEntries(history.map((c) => [c.field, [c.before, c.after]]))).toEqual({
      name: ['Demo Company', 'Bite Thailand'],
      logoUrl: [s.logoUrl, logo],
      timeZone: ['Asia/Bangkok', 'Asia/Yangon'],
      distanceUnit: ['km', 'mi'],
    });
    for (const c of history) expect(c.changedBy.uid).toBe(String(admin.userData.uid));
    const stale = await put(admin.accessToken, { ...bodyOf(s), name: 'Lost update' });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ name: 'Bite Thailand', version: s.version + 1 });
    expect((await api.get(`${S}/History`, admin.accessToken)).body.data).toHaveLength(history.length);
    // The company screen (Information) reads the same row.
    expect((await api.get('/api/admin/Information/Company', admin.accessToken)).body.data).toMatchObject({ name: 'Bite Thailand', logoUrl: logo });
  });

  it('reaches the portal’s frame (any signed-in user) and the apps’ settings', async () => {
    const brand = await api.get('/api/admin/Brand', bkk.accessToken);
    expect(brand.status).toBe(200);
    expect(brand.body.data).toMatchObject({ name: 'Bite Thailand', defaultLanguage: 'en', timeZone: 'Asia/Yangon', distanceUnit: 'mi' });
    expect((await api.get('/api/admin/Brand')).status).toBe(401);
    const apps = await api.get('/api/app/Marketplace/Config', admin.accessToken, { [APP_KEY_HEADER]: TEST_APP_API_KEY });
    expect(apps.body.data).toMatchObject({ companyName: 'Bite Thailand', timeZone: 'Asia/Yangon', distanceUnit: 'mi', defaultLanguage: 'en' });
    const s = (await api.get(S, admin.accessToken)).body.data;
    expect((await put(admin.accessToken, { ...bodyOf(s), defaultLanguage: 'th' })).status).toBe(200);
    expect((await api.get('/api/admin/Brand', bkk.accessToken)).body.data.defaultLanguage).toBe('th');
  });
});
