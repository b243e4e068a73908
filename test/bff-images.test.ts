import { beforeEach, describe, expect, it } from 'vitest';
import { handleBff } from '@/lib/server/bff';
import { relayImage } from '@/lib/server/images';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { portalRequest, sessionCookie, type RequestInitLike } from './next-request';
import { staffSession } from './session-fixtures';
import { fullPermissionList, scriptPermissions } from './upstream-script';

/** The BFF in front of image uploads (contract/images.ts) and the images it relays. */
const fake = withFakeUpstream();
let permissions = fullPermissionList();
const UPLOAD = '/api/admin/Marketplace/Products/Images';
const KEY = `${'a'.repeat(64)}.png`;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 0, 255]);

beforeEach(() => {
  permissions = fullPermissionList();
  scriptPermissions(fake, () => permissions);
  fake.on('POST', UPLOAD, (_req, res) => sendJson(res, 201, { status: true, data: { key: KEY, width: 1, height: 1, bytes: 13 } }));
  fake.on('GET', `/api/images/${KEY}`, (req, res) => {
    const headers = { 'cache-control': 'public, max-age=31536000, immutable', etag: `"${KEY}"`, 'content-type': 'image/png' };
    if (req.headers['if-none-match'] === `"${KEY}"`) return void res.writeHead(304, headers).end();
    res.writeHead(200, headers).end(Buffer.from(PNG));
  });
});

const bff = (path: string, init: RequestInitLike = {}) => handleBff(portalRequest(path, init));
const forwarded = () => fake.requests.filter((r) => !r.path.includes('getPermission'));
const withFlags = (name: string, flags: Partial<Record<'read' | 'write' | 'create' | 'delete', boolean>>) =>
  fullPermissionList().map((g) => ({ ...g, data: g.data.map((i) => (i.name === name ? { ...i, ...flags } : i)) }));

describe('BFF: image uploads', () => {
  it('forwards the bytes as they are for a user who may create or edit the screen’s rows', async () => {
    const cookies = await sessionCookie(staffSession());
    permissions = withFlags('Service Marketplace Products', { create: false, write: true });
    const res = await bff(UPLOAD, { method: 'POST', body: PNG, headers: { 'content-type': 'image/png' }, cookies });
    expect(res.status).toBe(201);
    expect((await res.json()).data.key).toBe(KEY);
    const sent = forwarded();
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${UPLOAD}`]);
    expect(sent[0]!.headers['content-type']).toBe('application/octet-stream');
    expect(Buffer.compare(sent[0]!.bytes, Buffer.from(PNG))).toBe(0);
  });

  it('refuses a role with neither flag, and an upload to a screen without images, before the call leaves the portal', async () => {
    const cookies = await sessionCookie(staffSession());
    permissions = withFlags('Service Marketplace Products', { create: false, write: false });
    expect((await bff(UPLOAD, { method: 'POST', body: PNG, cookies })).status).toBe(403);
    // Not an upload path: the body must be JSON there.
    expect((await bff('/api/admin/Delivery/Orders/Images', { method: 'POST', body: PNG, cookies })).status).toBe(415);
    expect(forwarded()).toHaveLength(0);
  });

  it('refuses a file over the limit before reading the rest', async () => {
    const cookies = await sessionCookie(staffSession());
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    expect((await bff(UPLOAD, { method: 'POST', body: big, cookies })).status).toBe(413);
    expect(forwarded()).toHaveLength(0);
  });
});

describe('BFF: the profile photo', () => {
  it('forwards the own photo of any signed-in user, whatever their flags', async () => {
    fake.on('POST', '/api/admin/Profile/Images', (_req, res) => sendJson(res, 201, { status: true, data: { key: KEY, width: 1, height: 1, bytes: 13 } }));
    permissions = fullPermissionList().map((g) => ({ ...g, data: g.data.map((i) => ({ ...i, read: false, write: false, create: false, delete: false })) }));
    const cookies = await sessionCookie(staffSession());
    const res = await bff('/api/admin/Profile/Images', { method: 'POST', body: PNG, cookies });
    expect(res.status).toBe(201);
    expect(forwarded().map((r) => `${r.method} ${r.path} ${r.headers['content-type']}`)).toEqual(['POST /api/admin/Profile/Images application/octet-stream']);
    expect((await bff('/api/admin/Profile/Images', { method: 'POST', body: PNG })).status).toBe(401);
  });
});

describe('image relay', () => {
  it('relays an image with its caching headers, answers 304 to its ETag, and 404 to anything not a key', async () => {
    const res = await relayImage([KEY], null);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    expect((await relayImage([KEY], `"${KEY}"`)).status).toBe(304);
    expect((await relayImage(['..', 'etc', 'passwd'], null)).status).toBe(404);
    expect((await relayImage([`${'b'.repeat(64)}.png`], null)).status).toBe(404);
    expect(fake.requests.map((r) => r.path)).toEqual([`/api/images/${KEY}`, `/api/images/${KEY}`, `/api/images/${'b'.repeat(64)}.png`]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('never relays an upstream answer that is not a raster image (HTML, SVG, no type) on the portal origin', async () => {
    const page = '<html><script>alert(document.cookie)</script></html>';
    for (const type of ['text/html; charset=utf-8', 'image/svg+xml', 'application/octet-stream', '']) {
      const key = `${'c'.repeat(63)}${type.length % 10}.png`;
      fake.on('GET', `/api/images/${key}`, (_req, res) => void res.writeHead(200, type ? { 'content-type': type } : {}).end(page));
      const res = await relayImage([key], null);
      expect(res.status).toBe(502);
      expect(res.headers.get('content-type')).not.toMatch(/html|svg/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await res.text()).not.toContain('<script>');
    }
  });
});
