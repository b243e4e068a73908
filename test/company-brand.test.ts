import { describe, expect, it, vi } from 'vitest';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { makeSession } from './session-fixtures';

/** The frame's company brand: read once per company and kept, forgotten when System settings are saved. */
const state = vi.hoisted(() => ({ session: null as unknown }));
vi.mock('@/lib/server/session', async (original) => ({ ...(await original<object>()), getSession: async () => state.session }));
const { BRAND_CACHE_MS, forgetCompanyBrand, getCompanyBrand } = await import('@/lib/server/company-brand');

const fake = withFakeUpstream();
const brand = (name: string) => ({ name, logoUrl: '', defaultLanguage: 'th', timeZone: 'Asia/Bangkok', distanceUnit: 'km' });

describe('getCompanyBrand', () => {
  it('asks the Platform API once per company within the window, again after a save forgot it', async () => {
    let name = 'Bite';
    fake.on('GET', '/api/admin/Brand', (_req, res) => sendJson(res, 200, { status: true, data: brand(name) }));
    const asked = () => fake.requests.filter((r) => r.path === '/api/admin/Brand').length;
    state.session = makeSession({ companies: '71' });

    expect((await getCompanyBrand())?.name).toBe('Bite');
    name = 'Bite Express';
    expect((await getCompanyBrand())?.name).toBe('Bite');
    expect(asked()).toBe(1);

    forgetCompanyBrand('71');
    expect((await getCompanyBrand())?.name).toBe('Bite Express');
    expect(asked()).toBe(2);

    // Another company is its own entry.
    state.session = makeSession({ companies: '72' });
    expect((await getCompanyBrand())?.name).toBe('Bite Express');
    expect(asked()).toBe(3);
    expect(BRAND_CACHE_MS).toBeGreaterThan(0);
  });

  it('answers null without a session, and when the Platform API fails (the frame shows its own brand)', async () => {
    state.session = null;
    expect(await getCompanyBrand()).toBeNull();
    fake.on('GET', '/api/admin/Brand', (_req, res) => sendJson(res, 500, { status: false }));
    state.session = makeSession({ companies: '73' });
    expect(await getCompanyBrand()).toBeNull();
  });
});
