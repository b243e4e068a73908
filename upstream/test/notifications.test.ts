import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './helpers';

let api: TestServer;
let cnx: string;
let bkk: string;
const N = '/api/admin/Notification';

beforeAll(async () => {
  api = await startTestServer();
  cnx = (await api.login(DEMO.cnx)).accessToken;
  bkk = (await api.login(DEMO.bkk)).accessToken;
});
afterAll(async () => {
  await api?.close();
});

describe('notifications', () => {
  it('lists my five, newest first, with the unread count', async () => {
    const res = await api.get(N, cnx);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: true, total: 5, page: 1, pageSize: 25, unreadCount: 3 });
    const dates = res.body.data.map((n: { createdAt: string }) => n.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const unread = await api.get(`${N}?unread=1&pageSize=2`, cnx);
    expect(unread.body).toMatchObject({ total: 3, unreadCount: 3, pageSize: 2 });
    expect(unread.body.data).toHaveLength(2);
    expect(unread.body.data.every((n: { read: boolean }) => !n.read)).toBe(true);
  });

  it('filters by read state and kind; refuses a filter it does not know', async () => {
    const unread = await api.get(`${N}?state=unread`, cnx);
    expect(unread.body).toMatchObject({ total: 3, unreadCount: 3 });
    expect(unread.body.data.every((n: { read: boolean }) => !n.read)).toBe(true);
    const read = await api.get(`${N}?state=read`, cnx);
    expect(read.body).toMatchObject({ total: 2, unreadCount: 3 });
    expect(read.body.data.every((n: { read: boolean }) => n.read)).toBe(true);
    const all = (await api.get(N, cnx)).body.data as { kind: string | null }[];
    for (const kind of ['shopRegistration', 'withdrawalRequest'] as const) {
      const res = await api.get(`${N}?kind=${kind}`, cnx);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(all.filter((n) => n.kind === kind).length);
      expect(res.body.data.every((n: { kind: string }) => n.kind === kind)).toBe(true);
    }
    expect((await api.get(`${N}?state=maybe`, cnx)).status).toBe(400);
    expect((await api.get(`${N}?colour=red`, cnx)).status).toBe(400);
  });

  it('marks one read and unread again; another user cannot touch it', async () => {
    const first = (await api.get(`${N}?unread=1`, cnx)).body.data[0];
    const read = await api.request('PATCH', `${N}/${first.id}`, { token: cnx, body: { read: true } });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: first.id, read: true });
    expect((await api.get(N, cnx)).body.unreadCount).toBe(2);
    expect((await api.request('PATCH', `${N}/${first.id}`, { token: bkk, body: { read: false } })).status).toBe(404);
    expect((await api.request('PATCH', `${N}/${first.id}`, { token: cnx, body: { read: 'yes' } })).status).toBe(400);
    const unread = await api.request('PATCH', `${N}/${first.id}`, { token: cnx, body: { read: false } });
    expect(unread.body.data.read).toBe(false);
    expect((await api.get(N, cnx)).body.unreadCount).toBe(3);
  });

  it('marks all read, for the caller only', async () => {
    const res = await api.post(`${N}/read-all`, undefined, cnx);
    expect(res.body).toEqual({ status: true, data: { updated: 3 } });
    expect((await api.get(N, cnx)).body.unreadCount).toBe(0);
    expect((await api.get(N, bkk)).body.unreadCount).toBe(3);
    expect((await api.get(N)).status).toBe(401);
  });
});
