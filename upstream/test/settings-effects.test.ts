import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { distanceKm } from '@contract/geo';
import { DEMO, startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';

/**
 * Settings of the back-office that reach the apps (docs/settings.md): a shop's own settings in the member app's list,
 * a closed shop package, the defaults of Config/Shop on an approved registration, and an app's default language
 * (Application Manager) in the apps' words. Each is changed through the admin API and read back through the app
 * channel or the admin API.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: string;
let bkk: string;
let area: string;
const D = '/api/admin/Delivery';
const appGet = (path: string) => api.request('GET', path, { token: admin, headers: { [APP_KEY_HEADER]: TEST_APP_API_KEY } });
const appPost = (path: string, body: unknown) => api.request('POST', path, { token: admin, body, headers: { [APP_KEY_HEADER]: TEST_APP_API_KEY } });
const appPatch = (path: string, body: unknown, token = admin) => api.request('PATCH', path, { token, body, headers: { [APP_KEY_HEADER]: TEST_APP_API_KEY } });
async function ok(method: string, path: string, body?: unknown, token = admin): Promise<Loose> {
  const res = await api.request(method, path, { token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body.data;
}

let serial = 0;
const shopBody = (packageId: string, typeId: string, extra: Record<string, unknown> = {}) => ({
  name: `Settings Shop ${serial}`,
  owner: 'Settings Owner',
  images: [],
  email: `settings.shop.${process.pid}.${serial}@shops.example`,
  phone: `0867${String(process.pid % 1000).padStart(3, '0')}${String(serial++).padStart(3, '0')}`,
  public: true,
  openTime: '00:00',
  closeTime: '00:00',
  lat: '13.7563',
  lng: '100.5018',
  packageId,
  typeId,
  permissionEdit: false,
  orderShowPrice: true,
  showDistanceShopOnHome: true,
  showPersonDetailOnShop: false,
  Limit_post: 0,
  Limit_product: 0,
  status: 'active',
  areaId: area,
  ...extra,
});
let pkg: Loose;
let type: Loose;

beforeAll(async () => {
  api = await startTestServer();
  const [a, b] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk)]);
  admin = a.accessToken;
  bkk = b.accessToken;
  area = String(b.userData.area);
  pkg = await ok('POST', `${D}/ShopPackage`, {
    name: 'Settings Pack',
    price: 0,
    duration: 30,
    Limit_post: 5,
    Limit_product: 5,
    status: 'active',
    areaId: area,
  });
  type = ((await ok('GET', `${D}/TypeShop?areaId=${area}`)) as Loose[])[0];
});
afterAll(async () => {
  await api?.close();
});

describe("a shop's own settings (Shop → settings) in the member app's list", () => {
  it('tells its distance, its person and whether prices show only as the shop is set; changed through the admin API', async () => {
    const shop = await ok('POST', `${D}/Shop`, shopBody(pkg.id, type.id, { name: 'Settings Flags Shop' }));
    const member = { lat: 13.7367, lng: 100.5232 };
    const listed = async (position = true): Promise<Loose> => {
      const res = await appGet(`/api/app/Delivery/Shop?areaId=${area}&pageSize=100${position ? `&lat=${member.lat}&lng=${member.lng}` : ''}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data as Loose[]).find((s) => s.id === shop.id);
    };
    const metres = Math.round(distanceKm(member, { lat: 13.7563, lng: 100.5018 }) * 1000);
    expect(metres).toBeGreaterThan(1000);
    expect(await listed()).toMatchObject({ distanceM: metres, owner: null, phone: null, showPrice: true });
    // Without the member's position there is nothing to measure from.
    expect((await listed(false)).distanceM).toBeNull();

    const current = await ok('GET', `${D}/Shop/${shop.id}`);
    await ok('PUT', `${D}/Shop/${shop.id}`, {
      ...shopBody(pkg.id, type.id, { name: current.name, email: current.email, phone: current.phone }),
      showDistanceShopOnHome: false,
      showPersonDetailOnShop: true,
      orderShowPrice: false,
      version: current.version,
    });
    expect(await listed()).toMatchObject({ distanceM: null, owner: 'Settings Owner', phone: current.phone, showPrice: false });
    // A bad position is refused.
    expect((await appGet(`/api/app/Delivery/Shop?areaId=${area}&lat=91&lng=100`)).status).toBe(400);
  });
});

describe("a shop's permission to edit (Shop → settings, permissionEdit) in the shop app", () => {
  it('refuses the shop app a change of its own details while it is off, takes it once it is on, and moves nothing else', async () => {
    const shop = await ok('POST', `${D}/Shop`, shopBody(pkg.id, type.id, { name: 'Settings Edit Shop' }));
    const path = `/api/app/Delivery/Shop/${shop.id}`;
    const refused = await appPatch(path, { owner: 'New Owner', closeTime: '22:00' });
    expect([refused.status, refused.body.message]).toEqual([403, 'SHOP_EDIT_NOT_PERMITTED']);
    expect(await ok('GET', `${D}/Shop/${shop.id}`)).toMatchObject({ owner: 'Settings Owner', closeTime: '00:00', version: shop.version });

    const current = await ok('GET', `${D}/Shop/${shop.id}`);
    await ok('PUT', `${D}/Shop/${shop.id}`, {
      ...shopBody(pkg.id, type.id, { name: current.name, email: current.email, phone: current.phone }),
      permissionEdit: true,
      version: current.version,
    });
    const taken = await appPatch(path, { phone: (await ok('POST', `${D}/Shop`, shopBody(pkg.id, type.id))).phone });
    expect([taken.status, taken.body.errors]).toEqual([400, { phone: ['taken'] }]);
    const edited = await appPatch(path, { owner: 'New Owner', closeTime: '22:00' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await ok('GET', `${D}/Shop/${shop.id}`)).toMatchObject({
      name: 'Settings Edit Shop',
      owner: 'New Owner',
      openTime: '00:00',
      closeTime: '22:00',
      status: 'active',
      permissionEdit: true,
    });
    // The app channel only: the portal's session (no app key) is refused, and so is a body without a detail or with a status.
    expect((await api.request('PATCH', path, { token: admin, body: { owner: 'X' } })).status).toBe(403);
    expect((await appPatch(path, {})).status).toBe(400);
    expect((await appPatch(path, { status: 'closed' })).status).toBe(400);
  });

  it('is refused to staff without the Shop permission (staff.cnx holds none)', async () => {
    const shop = await ok('POST', `${D}/Shop`, shopBody(pkg.id, type.id, { permissionEdit: true }));
    const cnx = (await api.login(DEMO.cnx)).accessToken;
    const res = await appPatch(`/api/app/Delivery/Shop/${shop.id}`, { owner: 'Other' }, cnx);
    expect(res.status).toBe(403);
    expect((await ok('GET', `${D}/Shop/${shop.id}`)).owner).toBe('Settings Owner');
  });
});

describe('a closed shop package (ShopPackage → status)', () => {
  it('is given to no new shop nor moved onto one; a shop already on it keeps it', async () => {
    const closing = await ok('POST', `${D}/ShopPackage`, {
      name: 'Settings Closing',
      price: 0,
      duration: 30,
      Limit_post: 5,
      Limit_product: 5,
      status: 'active',
      areaId: area,
    });
    const onIt = await ok('POST', `${D}/Shop`, shopBody(closing.id, type.id));
    const other = await ok('POST', `${D}/Shop`, shopBody(pkg.id, type.id));
    await ok('PUT', `${D}/ShopPackage/${closing.id}`, { ...closing, status: 'close', version: closing.version });

    const refused = await api.request('POST', `${D}/Shop`, { token: admin, body: shopBody(closing.id, type.id) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ packageId: ['unknownReference'] });
    const moved = await api.request('PUT', `${D}/Shop/${other.id}`, {
      token: admin,
      body: { ...shopBody(closing.id, type.id, { name: other.name, email: other.email, phone: other.phone }), version: other.version },
    });
    expect(moved.body.errors).toEqual({ packageId: ['unknownReference'] });
    // The shop on it saves its other changes and stays on it.
    const kept = await ok('PUT', `${D}/Shop/${onIt.id}`, {
      ...shopBody(closing.id, type.id, { name: 'Settings Kept', email: onIt.email, phone: onIt.phone }),
      version: onIt.version,
    });
    expect(kept).toMatchObject({ name: 'Settings Kept', packageId: closing.id });
  });
});

describe("Config/Shop's defaults on an approved registration", () => {
  it("gives the new shop the area's default package, type and opening hours", async () => {
    const config = await ok('GET', `${D}/Config/Shop?areaId=${area}`);
    const types = (await ok('GET', `${D}/TypeShop?areaId=${area}`)) as Loose[];
    const otherType = types.find((t) => t.id !== config.defaultTypeId) ?? types[0];
    await ok('PUT', `${D}/Config/Shop?areaId=${area}`, {
      defaultPackageId: pkg.id,
      defaultTypeId: otherType.id,
      commissionRate: config.commissionRate,
      defaultOpenTime: '06:15',
      defaultCloseTime: '21:45',
      version: config.version,
    });
    const reg = await appPost('/api/app/Delivery/Regis/Shop', {
      name: 'Settings Registered',
      owner: 'Reg Owner',
      email: `settings.registered.${process.pid}@shops.example`,
      phone: `0868${String(process.pid % 1000).padStart(3, '0')}001`,
      note: '',
      areaId: area,
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const { shopId } = await ok('POST', `${D}/Regis/Shop/${reg.body.data.id}/approve`);
    expect(await ok('GET', `${D}/Shop/${shopId}`)).toMatchObject({ packageId: pkg.id, typeId: otherType.id, openTime: '06:15', closeTime: '21:45' });
  });
});

describe("an app's default language (Application Manager)", () => {
  it("is the language the apps' words come in when they name none", async () => {
    const deliveryApp = ((await ok('GET', '/api/admin/ApplicationManager?appType=Delivery')) as Loose[])[0];
    const save = (defaultLanguage: string, version: number) =>
      ok('PUT', `/api/admin/ApplicationManager/${deliveryApp.id}`, {
        name: deliveryApp.name,
        defaultLanguage,
        supportPhone: deliveryApp.supportPhone,
        supportEmail: deliveryApp.supportEmail,
        version,
      });
    const words = async (query = '') => {
      const res = await appGet(`/api/app/Delivery/Lang/member${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { lang: string; strings: Record<string, string> };
    };
    const th = await save('th', deliveryApp.version);
    expect((await words()).lang).toBe('th');
    expect((await words()).strings).toEqual((await words('?lang=th')).strings);
    await save('my', th.version);
    expect((await words()).lang).toBe('my');
    // A language asked for wins.
    expect((await words('?lang=en')).lang).toBe('en');
    expect(bkk).toBeTruthy();
  });
});

describe("an app's support contacts (Application Manager)", () => {
  it("reach the apps where Config/App leaves its own empty; Config/App's win", async () => {
    const C = `${D}/Config/App`;
    const app = ((await ok('GET', '/api/admin/ApplicationManager?appType=Delivery')) as Loose[])[0];
    await ok('PUT', `/api/admin/ApplicationManager/${app.id}`, {
      name: app.name,
      defaultLanguage: app.defaultLanguage,
      supportPhone: '021110000',
      supportEmail: 'help.delivery@bite.example',
      version: app.version,
    });
    const config = await ok('GET', C);
    const contacts = async () => {
      const res = await appGet('/api/app/Delivery/Config');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { phone: res.body.data.supportPhone, email: res.body.data.supportEmail };
    };
    expect(await contacts()).toEqual({ phone: config.supportPhone, email: config.supportEmail });
    const cleared = await ok('PUT', C, { ...config, supportPhone: '', version: config.version });
    expect(await contacts()).toEqual({ phone: '021110000', email: config.supportEmail });
    await ok('PUT', C, { ...cleared, supportPhone: config.supportPhone, version: cleared.version });
    expect(await contacts()).toEqual({ phone: config.supportPhone, email: config.supportEmail });
  });
});

describe("a service area's centre (Setting/ServiceArea)", () => {
  it('is where a shop imported from a file (no position column) is placed', async () => {
    const AREAS = `${D}/Setting/ServiceArea`;
    const before = await ok('GET', `${AREAS}/${area}`);
    const centre = { centerLat: Number((before.centerLat + 0.0012).toFixed(6)), centerLng: Number((before.centerLng - 0.0013).toFixed(6)) };
    const saved = await ok('PUT', `${AREAS}/${area}`, {
      name: before.name,
      status: before.status,
      province: before.province,
      amphure: before.amphure,
      district: before.district,
      boundary: before.boundary,
      ...centre,
      version: before.version,
    });
    expect(saved).toMatchObject(centre);

    const phone = `0869${String(process.pid % 1000).padStart(3, '0')}001`;
    const csv = `name,owner,phone,email,area,type,package,openTime,closeTime\nCentre Shop,Centre Owner,${phone},centre.${process.pid}@shops.example,${before.name},${type.name},${pkg.name},08:00,20:00\n`;
    const uploaded = await fetch(`${api.url}${D}/Import/Shop?fileName=centre.csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/octet-stream' },
      body: csv,
    });
    const job = ((await uploaded.json()) as Loose).data;
    expect(job).toMatchObject({ status: 'previewed', readyRows: 1 });
    expect((await api.post(`${D}/Import/Shop/${job.id}/run`, { mode: 'all' }, admin)).status).toBe(202);
    for (let i = 0; i < 200 && (await ok('GET', `${D}/Import/Shop/${job.id}`)).status === 'running'; i++) await new Promise((r) => setTimeout(r, 50));
    const [shop] = (await ok('GET', `${D}/Shop?q=${phone}`)) as Loose[];
    expect({ lat: Number(shop.lat), lng: Number(shop.lng) }).toEqual({ lat: centre.centerLat, lng: centre.centerLng });
  });
});
