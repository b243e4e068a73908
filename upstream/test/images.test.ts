import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signV4 } from '../src/kit/image-store';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { DEMO, foreignImageKeys, startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';
import { pixelBomb } from './image-bombs';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
let market: Loose;

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx, market] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx), api.login(DEMO.market)]);
});
afterAll(async () => {
  await api?.close();
});

const upload = async (server: TestServer, path: string, token: string | null, bytes: Buffer, type = 'application/octet-stream') => {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: (await res.json()) as Loose };
};
const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png', seed = 0) =>
  sharp({ create: { width, height, channels: 3, background: { r: (seed * 37) % 256, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

const PRODUCTS = '/api/admin/Marketplace/Products/Images';
const FOOD = '/api/admin/Delivery/Food/Images';

describe('image upload', () => {
  it('stores an image and its thumbnail under the hash of its bytes, served with a year of caching', async () => {
    const bytes = await picture(900, 600, 'png', 1);
    const res = await upload(api, PRODUCTS, market.accessToken, bytes, 'image/png');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const key = `${createHash('sha256').update(bytes).digest('hex')}.png`;
    expect(res.body.data).toMatchObject({ key, width: 900, height: 600 });

    const image = await fetch(`${api.url}/api/images/${key}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = image.headers.get('etag')!;
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(900);
    const again = await fetch(`${api.url}/api/images/${key}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    const thumb = await fetch(`${api.url}/api/images/thumb/${key.replace('.png', '.webp')}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 213]);

    // The same bytes again are the same image.
    const twice = await upload(api, PRODUCTS, market.accessToken, bytes);
    expect(twice.body.data.key).toBe(key);
    expect((await fetch(`${api.url}/api/images/${'f'.repeat(64)}.png`)).status).toBe(404);
    expect((await fetch(`${api.url}/api/images/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });

  it('keeps a large photo at 2048 px, upright and without its metadata', async () => {
    const bytes = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#3a6' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Camera', Model: 'Secret model', ImageDescription: 'home address' } })
      .toBuffer();
    expect((await sharp(bytes).metadata()).exif).toBeDefined();
    const res = await upload(api, FOOD, bkk.accessToken, bytes, 'image/jpeg');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ width: 2048, height: 1024 });
    const stored = Buffer.from(await (await fetch(`${api.url}/api/images/${res.body.data.key}`)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.exif]).toEqual(['jpeg', 2048, undefined]);
  });

  it('refuses a renamed executable, a broken image, an oversized file and a pixel bomb', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(2000, 0x90)]);
    expect(await upload(api, PRODUCTS, market.accessToken, elf, 'image/png')).toMatchObject({ status: 400, body: { errors: { file: ['notAnImage'] } } });
    const script = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await upload(api, PRODUCTS, market.accessToken, script, 'image/svg+xml')).toMatchObject({
      status: 400,
      body: { errors: { file: ['notAnImage'] } },
    });
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]);
    expect(await upload(api, PRODUCTS, market.accessToken, broken, 'image/jpeg')).toMatchObject({ status: 400, body: { errors: { file: ['notAnImage'] } } });
    const huge = Buffer.concat([await picture(10, 10), Buffer.alloc(5 * 1024 * 1024)]);
    expect(await upload(api, PRODUCTS, market.accessToken, huge)).toMatchObject({ status: 413, body: { errors: { file: ['imageTooLarge'] } } });
    const bomb = pixelBomb(30_000, 30_000);
    expect(bomb.length).toBeLessThan(2000);
    expect(await upload(api, PRODUCTS, market.accessToken, bomb, 'image/png')).toMatchObject({
      status: 400,
      body: { errors: { file: ['imageTooManyPixels'] } },
    });
    // The server is still well after all of these.
    expect((await upload(api, PRODUCTS, market.accessToken, await picture(40, 40, 'webp', 2))).status).toBe(201);
  });

  it('admits users who may create or edit the screen’s rows, and no one else', async () => {
    const bytes = await picture(50, 50, 'png', 3);
    expect((await upload(api, PRODUCTS, null, bytes)).status).toBe(401);
    // staff.bkk works in Delivery, staff.cnx may only read the dashboard, staff.market has no Delivery flags.
    expect((await upload(api, PRODUCTS, bkk.accessToken, bytes)).status).toBe(403);
    expect((await upload(api, FOOD, cnx.accessToken, bytes)).status).toBe(403);
    expect((await upload(api, FOOD, market.accessToken, bytes)).status).toBe(403);
    expect((await upload(api, '/api/admin/Delivery/Orders/Images', admin.accessToken, bytes)).status).toBe(404);
    expect((await upload(api, '/api/admin/Delivery/Slide/Images', admin.accessToken, bytes)).status).toBe(201);
  });
});

describe("a shop's pictures", () => {
  it('keeps the keys of its uploads, the logo first', async () => {
    const logo = (await upload(api, '/api/admin/Delivery/Shop/Images', bkk.accessToken, await picture(200, 200, 'png', 6))).body.data.key;
    const cover = (await upload(api, '/api/admin/Delivery/Shop/Images', bkk.accessToken, await picture(800, 300, 'jpeg', 7))).body.data.key;
    const [pkg] = (await api.get('/api/admin/Delivery/ShopPackage', bkk.accessToken)).body.data;
    const [type] = (await api.get('/api/admin/Delivery/TypeShop', bkk.accessToken)).body.data;
    const body = {
      name: 'Picture Shop',
      owner: 'Khun Picture',
      email: 'picture.shop@shops.example',
      phone: '0812349999',
      public: true,
      openTime: '09:00',
      closeTime: '18:00',
      lat: '13.75',
      lng: '100.50',
      packageId: pkg.id,
      typeId: type.id,
      permissionEdit: false,
      orderShowPrice: true,
      showDistanceShopOnHome: true,
      showPersonDetailOnShop: false,
      Limit_post: 1,
      Limit_product: 1,
    };
    const made = await api.post('/api/admin/Delivery/Shop', { ...body, images: [logo, cover] }, bkk.accessToken);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await api.get(`/api/admin/Delivery/Shop/${made.body.data.id}`, bkk.accessToken)).body.data.images).toEqual([logo, cover]);
    const bad = await api.request('PUT', `/api/admin/Delivery/Shop/${made.body.data.id}`, {
      token: bkk.accessToken,
      body: { ...body, images: ['../../etc/passwd'], version: made.body.data.version },
    });
    expect(bad.body.errors).toEqual({ 'images.0': ['notAnImage'] });

    // Another company's upload, or a key nobody uploaded, is no picture of this company's shop; the keys it holds stay.
    for (const foreign of await foreignImageKeys(api, 'Shop Picture Co', 8)) {
      const res = await api.post(
        '/api/admin/Delivery/Shop',
        { ...body, email: 'other.picture@shops.example', phone: '0812349998', images: [logo, foreign] },
        bkk.accessToken,
      );
      expect(res.status, foreign).toBe(400);
      expect(res.body.errors, foreign).toEqual({ images: ['unknownReference'] });
      const edit = await api.request('PUT', `/api/admin/Delivery/Shop/${made.body.data.id}`, {
        token: bkk.accessToken,
        body: { ...body, images: [cover, foreign], version: made.body.data.version },
      });
      expect(edit.body.errors, foreign).toEqual({ images: ['unknownReference'] });
    }
    const reordered = await api.request('PUT', `/api/admin/Delivery/Shop/${made.body.data.id}`, {
      token: bkk.accessToken,
      body: { ...body, images: [cover, logo], version: made.body.data.version },
    });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
  });
});

describe("the signed-in user's photo", () => {
  it('takes an upload from anyone signed in, for their own profile', async () => {
    const bytes = await picture(300, 300, 'jpeg', 5);
    expect((await upload(api, '/api/admin/Profile/Images', null, bytes)).status).toBe(401);
    // staff.cnx may read the dashboard only, and still sets their own photo.
    const res = await upload(api, '/api/admin/Profile/Images', cnx.accessToken, bytes);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const me = (await api.get('/api/admin/Profile', cnx.accessToken)).body.data;
    const saved = await api.request('PUT', '/api/admin/Profile', {
      token: cnx.accessToken,
      body: { displayName: me.displayName, about: me.about, photoUrl: res.body.data.key, status: me.status, version: me.version },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.photoUrl).toBe(res.body.data.key);
    expect((await upload(api, '/api/admin/Profile/Images', cnx.accessToken, Buffer.from('GIF89a not supported'))).body.errors).toEqual({
      file: ['notAnImage'],
    });
  });
});

describe("a member's photo (the member app)", () => {
  const MEMBERS = '/api/admin/Delivery/Members';
  const send = async (method: 'PUT' | 'DELETE', path: string, token: string, bytes?: Buffer, appKey: string | null = TEST_APP_API_KEY) => {
    const res = await fetch(api.url + path, {
      method,
      headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${token}`, ...(appKey ? { [APP_KEY_HEADER]: appKey } : {}) },
      body: bytes ? new Uint8Array(bytes) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Loose };
  };

  it('is set from the image bytes, shown on the member, and cleared; only on the app channel', async () => {
    const list = await api.get(`${MEMBERS}?pageSize=10&sort=name&order=asc`, admin.accessToken);
    const member = list.body.data[0];
    const path = `/api/app/Delivery/Members/${member.id}/Photo`;
    const bytes = await picture(600, 400, 'jpeg', 7);

    // A back-office session alone (no app key) is refused; so is a broken image.
    expect((await send('PUT', path, admin.accessToken, bytes, null)).status).toBe(403);
    const broken = await send('PUT', path, admin.accessToken, Buffer.from('not a picture at all'));
    expect(broken.status).toBe(400);
    expect(broken.body.errors.file).toBeDefined();

    const set = await send('PUT', path, admin.accessToken, bytes);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const key: string = set.body.data.photo;
    expect(key).toMatch(/^[0-9a-f]{64}\.jpg$/);

    const detail = await api.get(`${MEMBERS}/${member.id}`, admin.accessToken);
    expect(detail.body.data.member.photo).toBe(key);
    const listed = await api.get(`${MEMBERS}?q=${encodeURIComponent(member.phone)}`, admin.accessToken);
    expect(listed.body.data.find((m: Loose) => m.id === member.id).photo).toBe(key);
    const thumb = await fetch(`${api.url}/api/images/thumb/${key.replace('.jpg', '.webp')}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');

    const cleared = await send('DELETE', path, admin.accessToken);
    expect(cleared.status).toBe(200);
    expect((await api.get(`${MEMBERS}/${member.id}`, admin.accessToken)).body.data.member.photo).toBe('');
  });

  it("answers 404 for a member outside the caller's app", async () => {
    const res = await send('PUT', '/api/app/Delivery/Members/999999999/Photo', admin.accessToken, await picture(100, 100));
    expect(res.status).toBe(404);
    const list = await api.get(`${MEMBERS}?pageSize=10`, admin.accessToken);
    const other = await send('PUT', `/api/app/Marketplace/Members/${list.body.data[0].id}/Photo`, market.accessToken, await picture(100, 100));
    expect([403, 404]).toContain(other.status);
  });
});

describe('an S3-compatible image store', () => {
  let s3: Server;
  let other: TestServer;
  const objects = new Map<string, { bytes: Buffer; type: string }>();
  const refused: string[] = [];

  beforeAll(async () => {
    // A bucket that checks every request's signature as S3 does, and keeps objects in memory.
    s3 = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const url = new URL(req.url!, `http://${req.headers.host}`);
        const signed = String(req.headers.authorization ?? '');
        const names = /SignedHeaders=([^,]+)/.exec(signed)?.[1]?.split(';') ?? [];
        const headers = Object.fromEntries(names.filter((n) => n !== 'host').map((n) => [n, String(req.headers[n])]));
        const amz = String(req.headers['x-amz-date']);
        const date = new Date(`${amz.slice(0, 4)}-${amz.slice(4, 6)}-${amz.slice(6, 8)}T${amz.slice(9, 11)}:${amz.slice(11, 13)}:${amz.slice(13, 15)}Z`);
        const payloadHash = createHash('sha256').update(body).digest('hex');
        const expected = signV4({
          method: req.method!,
          url,
          headers,
          payloadHash,
          accessKeyId: 'minio',
          secretAccessKey: 's3cret/key',
          region: 'ap-southeast-1',
          date,
        });
        if (signed !== expected || req.headers['x-amz-content-sha256'] !== payloadHash) {
          refused.push(req.url!);
          res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
          return;
        }
        if (req.method === 'PUT') {
          objects.set(url.pathname, { bytes: body, type: String(req.headers['content-type']) });
          res.writeHead(200).end();
        } else {
          const found = objects.get(url.pathname);
          if (found) res.writeHead(200, { 'content-type': found.type }).end(found.bytes);
          else res.writeHead(404).end();
        }
      });
    });
    await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
    const port = (s3.address() as AddressInfo).port;
    other = await startTestServer({ imageStore: `s3+http://minio:${encodeURIComponent('s3cret/key')}@127.0.0.1:${port}/catalogue?region=ap-southeast-1` });
  });
  afterAll(async () => {
    await other?.close();
    await new Promise((resolve) => s3?.close(resolve));
  });

  it('writes the image and its thumbnail to the bucket, signed, and serves them from it', async () => {
    const login = await other.login(DEMO.market);
    const bytes = await picture(400, 400, 'jpeg', 4);
    const res = await upload(other, PRODUCTS, login.accessToken, bytes);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const key: string = res.body.data.key;
    // Beside the seed's pictures, which went to the bucket the same way.
    expect([...objects.keys()]).toEqual(expect.arrayContaining([`/catalogue/${key}`, `/catalogue/thumb/${key.replace('.jpg', '.webp')}`]));
    expect(objects.size).toBe(2 + 36); // beside the seed's 18 pictures (food, products, portraits), each with its thumbnail
    expect(objects.get(`/catalogue/${key}`)?.type).toBe('image/jpeg');
    expect(refused).toEqual([]);
    const served = await fetch(`${other.url}/api/images/${key}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(objects.get(`/catalogue/${key}`)!.bytes)).toBe(true);
  });
});
