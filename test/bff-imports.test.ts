import { beforeEach, describe, expect, it } from 'vitest';
import { handleBff } from '@/lib/server/bff';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { portalRequest, sessionCookie, type RequestInitLike } from './next-request';
import { staffSession } from './session-fixtures';
import { fullPermissionList, scriptPermissions } from './upstream-script';

/** The BFF in front of the imports (contract/imports.ts): the file's bytes, the run, the progress and the refused rows. */
const fake = withFakeUpstream();
let permissions = fullPermissionList();
const BASE = '/api/admin/Delivery/Import/Shop';
const CSV = new TextEncoder().encode('name,phone\nA,0812345678\n');

beforeEach(() => {
  permissions = fullPermissionList();
  scriptPermissions(fake, () => permissions);
  fake.on('POST', BASE, (_req, res) => sendJson(res, 201, { status: true, data: { id: '7' } }));
  fake.on('POST', `${BASE}/7/run`, (_req, res) => sendJson(res, 202, { status: true, data: { id: '7' } }));
  fake.on('GET', `${BASE}/7`, (_req, res) => sendJson(res, 200, { status: true, data: { id: '7' } }));
});

const bff = (path: string, init: RequestInitLike = {}) => handleBff(portalRequest(path, init));
const forwarded = () => fake.requests.filter((r) => !r.path.includes('getPermission'));
const withFlags = (name: string, flags: Partial<Record<'read' | 'write' | 'create' | 'delete', boolean>>) =>
  fullPermissionList().map((g) => ({ ...g, data: g.data.map((i) => (i.name === name ? { ...i, ...flags } : i)) }));

describe('BFF: imports', () => {
  it('forwards the file as its bytes, with its name in the query, for a user who may create', async () => {
    const cookies = await sessionCookie(staffSession());
    const res = await bff(`${BASE}?fileName=shops.csv`, { method: 'POST', body: CSV, headers: { 'content-type': 'text/csv' }, cookies });
    expect(res.status).toBe(201);
    const sent = forwarded();
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${BASE}?fileName=shops.csv`]);
    expect(sent[0]!.headers['content-type']).toBe('application/octet-stream');
    expect(Buffer.compare(sent[0]!.bytes, Buffer.from(CSV))).toBe(0);
  });

  it('refuses the upload and the run without create, and every read without read, before the call leaves the portal', async () => {
    const cookies = await sessionCookie(staffSession());
    permissions = withFlags('Service Delivery Import Shop', { create: false, write: true });
    expect((await bff(`${BASE}?fileName=a.csv`, { method: 'POST', body: CSV, cookies })).status).toBe(403);
    expect(
      (await bff(`${BASE}/7/run`, { method: 'POST', body: JSON.stringify({ mode: 'valid' }), headers: { 'content-type': 'application/json' }, cookies }))
        .status,
    ).toBe(403);
    expect(forwarded()).toHaveLength(0);
  });

  it('refuses the progress without read', async () => {
    const cookies = await sessionCookie(staffSession());
    permissions = withFlags('Service Delivery Import Shop', { read: false });
    expect((await bff(`${BASE}/7`, { cookies })).status).toBe(403);
    expect(forwarded()).toHaveLength(0);
  });

  it('refuses a file over 20 MB before reading the rest', async () => {
    const cookies = await sessionCookie(staffSession());
    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    expect((await bff(`${BASE}?fileName=big.csv`, { method: 'POST', body: big, cookies })).status).toBe(413);
    expect(forwarded()).toHaveLength(0);
  });
});
