import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { APP_KEY_HEADER } from '@contract/app-channel';
import type { BusEvent, EventScope } from '../src/realtime/bus';
import { DEMO, startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';

let api: TestServer;
let admin: string;
let bkk: { token: string; area: string; appid: number; companies: number };
let cnx: { token: string; area: string };
let market: string;
let shopId: string;
let bikerId: string;
let otherAreaShop: string;

const BASE = '/api/admin/Delivery/Chat';
const app = (kind: string, id: string) => `/api/app/Delivery/Chat/${kind}/${id}`;
const key = { [APP_KEY_HEADER]: TEST_APP_API_KEY };
let seq = 0;
const clientId = () => `test-client-${Date.now()}-${++seq}`;

/** Every bus event published while `run` runs. */
async function published(run: () => Promise<void>): Promise<(BusEvent & { scope: EventScope })[]> {
  const seen: (BusEvent & { scope: EventScope })[] = [];
  const stop = api.bus.subscribe({ companyId: bkk.companies, appId: null, areaId: null, deliver: (e) => seen.push(e) });
  try {
    await run();
  } finally {
    stop();
  }
  return seen;
}

beforeAll(async () => {
  api = await startTestServer({ heartbeatMs: 150 });
  admin = (await api.login(DEMO.admin)).accessToken;
  const b = await api.login(DEMO.bkk);
  bkk = { token: b.accessToken, area: String(b.userData.area), appid: Number(b.userData.appid), companies: Number(b.userData.companies) };
  const c = await api.login(DEMO.cnx);
  cnx = { token: c.accessToken, area: String(c.userData.area) };
  market = (await api.login(DEMO.market)).accessToken;
  const shops = await api.get(`${BASE}/peers?peerKind=shop`, bkk.token);
  expect(shops.status).toBe(200);
  // A shop of the area without a seeded conversation (the seed talks with the first one).
  shopId = shops.body.data[shops.body.data.length - 1].peerId;
  const bikers = await api.get(`${BASE}/peers?peerKind=biker`, bkk.token);
  bikerId = bikers.body.data[bikers.body.data.length - 1].peerId;
  const others = await api.get(`${BASE}/peers?peerKind=shop`, cnx.token);
  otherAreaShop = others.body.data[0].peerId;
});
afterAll(async () => {
  await api?.close();
});

describe('Chat: scope and access', () => {
  it('lists the seeded conversations of the staff’s own area, unread first', async () => {
    const res = await api.get(`${BASE}?pageSize=10`, bkk.token);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(3);
    expect(res.body.data.every((c: { areaId: string }) => c.areaId === bkk.area)).toBe(true);
    const unread = res.body.data.map((c: { staffUnread: number }) => c.staffUnread > 0);
    expect(unread).toEqual([...unread].sort((a: boolean, b: boolean) => Number(b) - Number(a)));
    expect(res.body.unreadConversations).toBeGreaterThan(0);
    const byName = await api.get(`${BASE}?q=${encodeURIComponent(res.body.data[0].peerName.slice(0, 4))}&peerKind=${res.body.data[0].peerKind}`, bkk.token);
    expect(byName.body.data.map((c: { id: string }) => c.id)).toContain(res.body.data[0].id);
    expect((await api.get(`${BASE}?pageSize=20`, bkk.token)).status).toBe(400);
  });

  it('refuses another service (403), no token (401), and another area’s conversation (404)', async () => {
    expect((await api.get('/api/admin/Marketplace/Chat', bkk.token)).status).toBe(403);
    expect((await api.get('/api/admin/Delivery/Chat', market)).status).toBe(403);
    expect((await api.post('/api/admin/Marketplace/Chat', { peerKind: 'shop', peerId: shopId }, bkk.token)).status).toBe(403);
    expect((await api.get(BASE)).status).toBe(401);
    const theirs = await api.get(BASE, cnx.token);
    const id = theirs.body.data[0].id;
    expect((await api.get(`${BASE}/${id}`, bkk.token)).status).toBe(404);
    expect((await api.get(`${BASE}/${id}/messages`, bkk.token)).status).toBe(404);
    expect((await api.post(`${BASE}/${id}/messages`, { clientId: clientId(), body: 'hi' }, bkk.token)).status).toBe(404);
    // An admin sees every area.
    expect((await api.get(`${BASE}/${id}`, admin)).status).toBe(200);
  });

  it('starts a conversation once per peer, only with a peer of the area', async () => {
    const first = await api.post(BASE, { peerKind: 'biker', peerId: bikerId }, bkk.token);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ peerKind: 'biker', peerId: bikerId, areaId: bkk.area, staffUnread: 0 });
    const again = await api.post(BASE, { peerKind: 'biker', peerId: bikerId }, bkk.token);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const foreign = await api.post(BASE, { peerKind: 'shop', peerId: otherAreaShop }, bkk.token);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual({ peerId: ['unknownReference'] });
  });
});

describe('Chat: messages', () => {
  let conversationId: string;
  beforeAll(async () => {
    conversationId = (await api.post(BASE, { peerKind: 'shop', peerId: shopId }, bkk.token)).body.data.id;
  });

  it('sends idempotently by clientId: the same id is the same message, 200, and one event', async () => {
    const id = clientId();
    let first: Awaited<ReturnType<TestServer['post']>> | undefined;
    let second: Awaited<ReturnType<TestServer['post']>> | undefined;
    const events = await published(async () => {
      first = await api.post(`${BASE}/${conversationId}/messages`, { clientId: id, body: 'Hello shop' }, bkk.token);
      second = await api.post(`${BASE}/${conversationId}/messages`, { clientId: id, body: 'Hello shop' }, bkk.token);
    });
    expect(first!.status).toBe(201);
    expect(second!.status).toBe(200);
    expect(second!.body.data.id).toBe(first!.body.data.id);
    expect(first!.body.data).toMatchObject({ fromStaff: true, body: 'Hello shop', clientId: id, deliveredAt: null, readAt: null });
    expect(first!.body.conversation).toMatchObject({ peerUnread: 1, lastMessagePreview: 'Hello shop' });
    const messages = events.filter((e) => e.type === 'chat.message');
    expect(messages).toHaveLength(1);
    expect(messages[0]!.scope).toEqual({ companyId: bkk.companies, appId: bkk.appid, areaId: Number(bkk.area) });
    const page = await api.get(`${BASE}/${conversationId}/messages`, bkk.token);
    expect(page.body.data.filter((m: { clientId: string }) => m.clientId === id)).toHaveLength(1);
  });

  it('refuses an empty message', async () => {
    const res = await api.post(`${BASE}/${conversationId}/messages`, { clientId: clientId(), body: '   ' }, bkk.token);
    expect(res.status).toBe(400);
  });

  it('takes a picture only from an http(s) address or the platform image path: javascript: and data: are 400', async () => {
    // A conversation of its own (another shop of the area), so the other tests' pages stay as they are.
    const shops = (await api.get(`${BASE}/peers?peerKind=shop`, bkk.token)).body.data;
    const own = (await api.post(BASE, { peerKind: 'shop', peerId: shops[shops.length - 2].peerId }, bkk.token)).body.data.id;
    const send = (imageUrl: string) => api.post(`${BASE}/${own}/messages`, { clientId: clientId(), body: '', imageUrl }, bkk.token);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:image/png;base64,iVBORw0KGgo=',
      'ftp://x.example/a.png',
      '//evil.example/a.png',
      '/api/images/../x',
    ]) {
      const res = await send(bad);
      expect([res.status, res.body.errors], bad).toEqual([400, { imageUrl: ['invalidUrl'] }]);
    }
    const key = `${'a'.repeat(64)}.png`;
    for (const good of ['https://cdn.example.com/p/1.jpg', 'http://shop.example/menu.png', `/api/images/${key}`, `/api/images/thumb/${'b'.repeat(64)}.webp`]) {
      const res = await send(good);
      expect([res.status, res.body.data?.imageUrl], good).toEqual([201, good]);
    }
  });

  it('pages backwards with before and catches up with after', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await api.post(`${BASE}/${conversationId}/messages`, { clientId: clientId(), body: `line ${i}` }, bkk.token);
      ids.push(res.body.data.id);
    }
    const newest = await api.get(`${BASE}/${conversationId}/messages?limit=3`, bkk.token);
    expect(newest.body.data.map((m: { id: string }) => m.id)).toEqual(ids.slice(4));
    expect(newest.body.more).toBe(true);
    const older = await api.get(`${BASE}/${conversationId}/messages?limit=3&before=${ids[4]}`, bkk.token);
    expect(older.body.data.map((m: { id: string }) => m.id)).toEqual(ids.slice(1, 4));
    const oldest = await api.get(`${BASE}/${conversationId}/messages?limit=3&before=${ids[1]}`, bkk.token);
    expect(oldest.body.data.map((m: { body: string }) => m.body)).toEqual(['Hello shop', 'line 0']);
    expect(oldest.body.more).toBe(false);
    const after = await api.get(`${BASE}/${conversationId}/messages?after=${ids[4]}`, bkk.token);
    expect(after.body.data.map((m: { id: string }) => m.id)).toEqual(ids.slice(5));
    expect(after.body.more).toBe(false);
    expect((await api.get(`${BASE}/${conversationId}/messages?limit=101`, bkk.token)).status).toBe(400);
  });

  it('the peer sends on the app channel; staff read it: readAt, staffUnread 0, chat.read', async () => {
    const peerPath = app('shop', shopId);
    expect((await api.post(`${peerPath}/messages`, { clientId: clientId(), body: 'no key' }, admin)).status).toBe(403);
    expect((await api.post(`${peerPath}/messages`, { clientId: clientId(), body: 'no token' }, undefined, key)).status).toBe(401);
    // The portal's BFF never forwards this path; on /api/admin it does not exist.
    expect((await api.post(`/api/admin/Delivery/Chat/shop/${shopId}/messages`, { clientId: clientId(), body: 'x' }, bkk.token)).status).toBe(404);
    const peerId = clientId();
    let sent: Awaited<ReturnType<TestServer['post']>> | undefined;
    const events = await published(async () => {
      sent = await api.post(`${peerPath}/messages`, { clientId: peerId, body: 'Question from the shop' }, admin, key);
      const again = await api.post(`${peerPath}/messages`, { clientId: peerId, body: 'Question from the shop' }, admin, key);
      expect(again.status).toBe(200);
      expect(again.body.data.id).toBe(sent!.body.data.id);
    });
    expect(sent!.status).toBe(201);
    expect(sent!.body.data.fromStaff).toBe(false);
    expect(events.filter((e) => e.type === 'chat.message')).toHaveLength(1);
    const conv = await api.get(`${BASE}/${conversationId}`, bkk.token);
    expect(conv.body.data.staffUnread).toBe(1);

    const readEvents = await published(async () => {
      const read = await api.post(`${BASE}/${conversationId}/read`, {}, bkk.token);
      expect(read.status).toBe(200);
      expect(read.body.data.marked).toBe(1);
      expect(read.body.conversation.staffUnread).toBe(0);
    });
    expect(readEvents).toHaveLength(1);
    expect(readEvents[0]).toMatchObject({ type: 'chat.read', by: 'staff', upTo: sent!.body.data.id, conversationId, staffUnread: 0 });
    expect(readEvents[0]!.scope.areaId).toBe(Number(bkk.area));
    const page = await api.get(`${BASE}/${conversationId}/messages?after=${Number(sent!.body.data.id) - 1}`, bkk.token);
    expect(page.body.data[0].readAt).not.toBeNull();
    // Nothing left to mark: no event.
    expect(await published(async () => void (await api.post(`${BASE}/${conversationId}/read`, {}, bkk.token)))).toHaveLength(0);
  });

  it('the peer marks staff’s messages delivered, then read', async () => {
    const peerPath = app('shop', shopId);
    const delivered = await published(async () => {
      const res = await api.post(`${peerPath}/delivered`, {}, admin, key);
      expect(res.status).toBe(200);
      expect(res.body.data.marked).toBeGreaterThan(0);
    });
    expect(delivered[0]).toMatchObject({ type: 'chat.delivered', by: 'peer', conversationId });
    const history = await api.get(`${peerPath}/messages?limit=100`, admin, key);
    expect(history.status).toBe(200);
    const staffLines = history.body.data.filter((m: { fromStaff: boolean }) => m.fromStaff);
    expect(staffLines.every((m: { deliveredAt: string | null; readAt: string | null }) => m.deliveredAt !== null && m.readAt === null)).toBe(true);
    const read = await published(async () => {
      const res = await api.post(`${peerPath}/read`, {}, admin, key);
      expect(res.body.conversation.peerUnread).toBe(0);
    });
    expect(read[0]).toMatchObject({ type: 'chat.read', by: 'peer' });
    const after = await api.get(`${BASE}/${conversationId}/messages?limit=100`, bkk.token);
    expect(after.body.data.filter((m: { fromStaff: boolean }) => m.fromStaff).every((m: { readAt: string | null }) => m.readAt !== null)).toBe(true);
  });

  it('staff of another area get none of the events', async () => {
    const seen: BusEvent[] = [];
    const stop = api.bus.subscribe({ companyId: bkk.companies, appId: bkk.appid, areaId: Number(cnx.area), deliver: (e) => seen.push(e) });
    await api.post(`${BASE}/${conversationId}/messages`, { clientId: clientId(), body: 'area only' }, bkk.token);
    stop();
    expect(seen).toHaveLength(0);
  });
});

describe('Chat: the peer’s socket on the app channel', () => {
  const socketUrl = (kind: string, id: string, query = '') => `${api.url.replace(/^http/, 'ws')}${app(kind, id)}/ws${query}`;

  function open(url: string, headers: Record<string, string>): Promise<{ ws: WebSocket; messages: Record<string, unknown>[] }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers });
      const messages: Record<string, unknown>[] = [];
      ws.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
      ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.on('error', reject);
      ws.on('open', () => resolve({ ws, messages }));
    });
  }
  const until = async (check: () => boolean, ms = 2000) => {
    const start = Date.now();
    while (!check()) {
      if (Date.now() - start > ms) throw new Error('not in time');
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('refuses a wrong key, a missing token and a peer not of the app', async () => {
    await expect(open(socketUrl('shop', shopId), { authorization: `Bearer ${admin}`, [APP_KEY_HEADER]: 'wrong' })).rejects.toThrow('HTTP 403');
    await expect(open(socketUrl('shop', shopId), key)).rejects.toThrow('HTTP 401');
    await expect(open(socketUrl('shop', otherAreaShop), { authorization: `Bearer ${bkk.token}`, ...key })).rejects.toThrow('HTTP 400');
  });

  it('delivers staff’s message to the peer, and only that peer’s', async () => {
    const peer = await open(socketUrl('biker', bikerId, `?token=${admin}&appKey=${TEST_APP_API_KEY}`), {});
    const other = await open(socketUrl('shop', shopId), { authorization: `Bearer ${admin}`, ...key });
    await until(() => peer.messages.some((m) => m.type === 'hello'));
    const conversation = (await api.post(BASE, { peerKind: 'biker', peerId: bikerId }, bkk.token)).body.data.id;
    const sent = await api.post(`${BASE}/${conversation}/messages`, { clientId: clientId(), body: 'Hello biker' }, bkk.token);
    await until(() => peer.messages.some((m) => m.type === 'chat.message'));
    const event = peer.messages.find((m) => m.type === 'chat.message') as { message: { id: string; body: string }; scope?: unknown };
    expect(event.message).toMatchObject({ id: sent.body.data.id, body: 'Hello biker' });
    expect(event.scope).toBeUndefined();
    await new Promise((r) => setTimeout(r, 100));
    expect(other.messages.some((m) => m.type === 'chat.message')).toBe(false);
    peer.ws.close();
    other.ws.close();
  });
});
