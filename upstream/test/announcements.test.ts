import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { sendDue } from '../src/domain/announcements';
import { DEMO, foreignImageKeys, startTestServer, TEST_APP_API_KEY, testPicture, uploadImage, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
let market: Loose;
const PR = '/api/admin/Delivery/PublicRelations';
const B = '/api/admin/Marketplace/Broadcast';
const appKey = { [APP_KEY_HEADER]: TEST_APP_API_KEY };

const query = async <T = Loose>(text: string): Promise<T[]> => ((await api.deps.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });
const message = (extra: Record<string, unknown> = {}) => ({ title: 'Songkran specials', body: 'See what is on.', audience: 'members', ...extra });

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx, market] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx), api.login(DEMO.market)]);
  // Enough Marketplace members for several batches of two.
  await query(
    `INSERT INTO members (company_id, app_id, area_id, name, phone)
     SELECT company_id, app_id, area_id, 'Batch member ' || g, '09' || lpad(g::text, 8, '0') FROM members, generate_series(1, 6) g
     WHERE id = (SELECT min(m.id) FROM members m JOIN apps a ON a.id = m.app_id WHERE a.app_type = 'Marketplace')`,
  );
});
afterAll(async () => {
  await api?.close();
});

/** Waits until a message is sent by the process's own sender. */
async function sentItem(path: string, token: string): Promise<Loose> {
  for (let i = 0; i < 100; i++) {
    const res = await api.get(path, token);
    if (res.body.data.status === 'sent') return res.body.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} was not sent`);
}

describe('Public relations and broadcasts', () => {
  it('takes an http(s) address for openUrl only, and a shop of the area for openShop', async () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://example.com/x', 'example.com']) {
      const res = await api.post(PR, message({ target: 'openUrl', targetUrl: bad }), bkk.accessToken);
      expect(res.status, bad).toBe(400);
      expect(res.body.errors, bad).toEqual({ targetUrl: ['invalidUrl'] });
    }
    expect((await api.post(PR, message({ target: 'openUrl' }), bkk.accessToken)).body.errors).toEqual({ targetUrl: ['required'] });
    expect((await api.post(PR, message({ target: 'openShop' }), bkk.accessToken)).body.errors).toEqual({ targetShopId: ['required'] });
    // A Chiang Mai shop is not a Bangkok message's.
    const [other] = await query<{ id: number }>(`SELECT s.id FROM shops s JOIN areas a ON a.id = s.area_id WHERE a.name = 'Chiang Mai' LIMIT 1`);
    const foreign = await api.post(PR, message({ target: 'openShop', targetShopId: String(other!.id) }), bkk.accessToken);
    expect(foreign.body.errors).toEqual({ targetShopId: ['unknownReference'] });
    const ok = await api.post(PR, message({ target: 'openUrl', targetUrl: 'https://example.com/songkran', targetShopId: '' }), bkk.accessToken);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data).toMatchObject({
      target: 'openUrl',
      targetUrl: 'https://example.com/songkran',
      targetShopId: null,
      status: 'draft',
      sentCount: 0,
      totalCount: 0,
    });
    // Another target keeps no address.
    const changed = await send(
      'PUT',
      `${PR}/${ok.body.data.id}`,
      bkk.accessToken,
      message({ target: 'openMessage', targetUrl: 'https://example.com/x', version: 1 }),
    );
    expect(changed.body.data).toMatchObject({ target: 'openMessage', targetUrl: '' });
  });

  it('keeps staff to their area and refuses users without the flag', async () => {
    const cm = await query<{ id: number }>(`SELECT id FROM areas WHERE name = 'Chiang Mai' LIMIT 1`);
    const theirs = await api.post(PR, message({ areaId: String(cm[0]!.id) }), admin.accessToken);
    expect(theirs.status).toBe(201);
    const id = theirs.body.data.id;
    expect((await api.get(`${PR}/${id}`, bkk.accessToken)).status).toBe(404);
    expect((await send('PATCH', `${PR}/${id}/send`, bkk.accessToken, { version: 1 })).status).toBe(404);
    expect((await send('PATCH', `${PR}/${id}/cancel`, bkk.accessToken, { version: 1 })).status).toBe(404);
    // staff.cnx holds no Public Relations flag; staff.bkk no delete.
    expect((await api.get(PR, cnx.accessToken)).status).toBe(403);
    expect((await send('PATCH', `${PR}/${id}/send`, cnx.accessToken, { version: 1 })).status).toBe(403);
    expect((await send('DELETE', `${PR}/${id}`, bkk.accessToken)).status).toBe(403);
    // Broadcast is Marketplace's alone; the Delivery staff have no Marketplace flag.
    expect((await api.get('/api/admin/Delivery/Broadcast', admin.accessToken)).status).toBe(404);
    expect((await api.get(B, bkk.accessToken)).status).toBe(403);
    await query(
      `UPDATE permissions SET can_write = false WHERE name = 'Service Marketplace Broadcast' AND user_id = (SELECT id FROM users WHERE username = 'staff.market')`,
    );
    api.deps.permissions.clear();
    const mine = await api.post(B, message(), market.accessToken);
    expect((await send('PATCH', `${B}/${mine.body.data.id}/send`, market.accessToken, { version: 1 })).status).toBe(403);
    await query(
      `UPDATE permissions SET can_write = true WHERE name = 'Service Marketplace Broadcast' AND user_id = (SELECT id FROM users WHERE username = 'staff.market')`,
    );
    api.deps.permissions.clear();
  });

  it('sends now through the sender: every member once, progress on the item, the inbox of the app', async () => {
    const created = await api.post(PR, message({ target: 'openUrl', targetUrl: 'https://example.com/now' }), bkk.accessToken);
    const id = created.body.data.id;
    expect((await send('PATCH', `${PR}/${id}/send`, bkk.accessToken, { version: 0 + 2 })).status).toBe(409);
    const queued = await send('PATCH', `${PR}/${id}/send`, bkk.accessToken, { version: 1 });
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    const item = await sentItem(`${PR}/${id}`, bkk.accessToken);
    const [audience] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM members WHERE app_id = ${Number(item.appId)} AND status = 'active' AND deleted_at IS NULL`,
    );
    expect(item.totalCount).toBe(audience!.n);
    expect(item.sentCount).toBe(audience!.n);
    expect(item.finishedAt).toEqual(expect.any(String));
    const [deliveries] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM announcement_deliveries WHERE announcement_id = ${Number(id)}`);
    expect(deliveries!.n).toBe(audience!.n);
    // After sending began, it is neither edited nor cancelled.
    const late = await send('PATCH', `${PR}/${id}/cancel`, bkk.accessToken, { version: item.version });
    expect(late.body.errors).toEqual({ status: ['invalidTransition'] });
    expect((await send('PUT', `${PR}/${id}`, bkk.accessToken, message({ version: item.version }))).body.errors).toEqual({ status: ['invalidTransition'] });

    const [member] = await query<{ id: number }>(`SELECT recipient_id AS id FROM announcement_deliveries WHERE announcement_id = ${Number(id)} LIMIT 1`);
    const inbox = `/api/app/Delivery/Inbox?recipientKind=member&recipientId=${member!.id}`;
    expect((await api.get(inbox, bkk.accessToken)).status).toBe(403); // the app key is needed: the portal never passes
    const read = await api.get(inbox, bkk.accessToken, appKey);
    expect(read.status).toBe(200);
    expect(read.body.data[0]).toMatchObject({ id, title: 'Songkran specials', target: 'openUrl', targetUrl: 'https://example.com/now' });
  });

  it('schedules for later, cancels before sending, and refuses a time in the past', async () => {
    const created = await api.post(B, message(), market.accessToken);
    const id = created.body.data.id;
    const past = await send('PATCH', `${B}/${id}/schedule`, market.accessToken, { version: 1, scheduledAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.body.errors).toEqual({ scheduledAt: ['outOfRange'] });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await send('PATCH', `${B}/${id}/schedule`, market.accessToken, { version: 1, scheduledAt: later });
    expect(scheduled.body.data).toMatchObject({ status: 'scheduled', version: 2 });
    expect(Date.parse(scheduled.body.data.scheduledAt)).toBe(Date.parse(later));
    expect((await api.get(`${B}?status=scheduled`, market.accessToken)).body.data.map((r: Loose) => r.id)).toContain(id);
    const cancelled = await send('PATCH', `${B}/${id}/cancel`, market.accessToken, { version: 2 });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled' });
    expect((await send('PATCH', `${B}/${id}/send`, market.accessToken, { version: 3 })).body.errors).toEqual({ status: ['invalidTransition'] });
  });

  it('resumes a scheduled broadcast after a restart from its cursor: each member once, sentCount = totalCount', async () => {
    const created = await api.post(B, message({ title: 'Restart-safe broadcast' }), market.accessToken);
    const id = Number(created.body.data.id);
    const at = Date.now() + 3_600_000;
    await send('PATCH', `${B}/${id}/schedule`, market.accessToken, { version: 1, scheduledAt: new Date(at).toISOString() });
    // The process's own sender does not see it due (its clock is an hour behind); "processes" with clocks past it do.
    const clock = (ms: number) => () => new Date(at + ms);
    // The first process sends one batch of two, then dies holding its lease.
    expect(await sendDue(api.deps, { batchSize: 2, maxBatches: 1, now: clock(1000) })).toBe(0);
    const [mid] = await query<Loose>(`SELECT status, sent_count, total_count, cursor FROM announcements WHERE id = ${id}`);
    expect(mid).toMatchObject({ status: 'sending', sent_count: 2 });
    expect(mid.total_count).toBeGreaterThan(2);
    expect(mid.cursor).toBeGreaterThan(0);
    // While the lease holds, another process leaves it alone.
    expect(await sendDue(api.deps, { batchSize: 2, now: clock(30_000) })).toBe(0);
    expect((await query<Loose>(`SELECT sent_count FROM announcements WHERE id = ${id}`))[0].sent_count).toBe(2);
    // Once the lease lapsed, the next process resumes from the cursor.
    expect(await sendDue(api.deps, { batchSize: 2, now: clock(120_000) })).toBe(1);
    const item = (await api.get(`${B}/${id}`, market.accessToken)).body.data;
    const [audience] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM members WHERE app_id = ${Number(item.appId)} AND status = 'active' AND deleted_at IS NULL`,
    );
    expect(item).toMatchObject({ status: 'sent', sentCount: audience!.n, totalCount: audience!.n });
    const [counts] = await query<{ n: number; distinct: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT recipient_id)::int AS distinct FROM announcement_deliveries WHERE announcement_id = ${id}`,
    );
    expect(counts).toEqual({ n: audience!.n, distinct: audience!.n });
  });

  it('two processes at once never deliver twice', async () => {
    const created = await api.post(B, message({ title: 'Raced broadcast', audience: 'area' }), market.accessToken);
    const id = Number(created.body.data.id);
    const at = Date.now() + 7_200_000;
    await send('PATCH', `${B}/${id}/schedule`, market.accessToken, { version: 1, scheduledAt: new Date(at).toISOString() });
    const now = () => new Date(at + 1000);
    const done = await Promise.all([sendDue(api.deps, { batchSize: 1, now }), sendDue(api.deps, { batchSize: 1, now })]);
    expect(done[0] + done[1]).toBe(1);
    const [row] = await query<Loose>(`SELECT status, sent_count, total_count, area_id FROM announcements WHERE id = ${id}`);
    const [counts] = await query<{ n: number; distinct: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT recipient_id)::int AS distinct FROM announcement_deliveries WHERE announcement_id = ${id}`,
    );
    expect(row).toMatchObject({ status: 'sent', sent_count: counts!.n, total_count: counts!.n });
    expect(counts!.n).toBe(counts!.distinct);
  });
});

describe("a message's picture", () => {
  it('takes an upload of the screen, keeps its key, and refuses what is not a picture of the company', async () => {
    const uploaded = await uploadImage(api, `${PR}/Images`, bkk.accessToken, await testPicture(101));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const key = uploaded.body.data.key as string;
    expect(key).toMatch(/^[0-9a-f]{64}\.png$/);
    const created = await api.post(PR, message({ title: 'With a picture', imageUrl: key }), bkk.accessToken);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.imageUrl).toBe(key);
    const listed = await api.get(`${PR}?q=${encodeURIComponent('With a picture')}`, bkk.accessToken);
    expect(listed.body.data.map((r: Loose) => r.imageUrl)).toEqual([key]);
    // The picture stays optional.
    expect((await api.post(PR, message({ imageUrl: '' }), bkk.accessToken)).body.data.imageUrl).toBe('');

    // Another company's upload, and a key nobody uploaded, are no picture of this company.
    for (const foreign of await foreignImageKeys(api, 'Picture Co', 102)) {
      const res = await api.post(PR, message({ imageUrl: foreign }), bkk.accessToken);
      expect(res.status, foreign).toBe(400);
      expect(res.body.errors, foreign).toEqual({ imageUrl: ['unknownReference'] });
      const edit = await send('PUT', `${PR}/${created.body.data.id}`, bkk.accessToken, message({ imageUrl: foreign, version: 1 }));
      expect(edit.body.errors, foreign).toEqual({ imageUrl: ['unknownReference'] });
    }
    // Neither a key nor an http(s) address: refused as a slide's picture is, with the link's script schemes.
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,iVBORw0KGgo=', 'picture.exe', `${'a'.repeat(64)}.gif`]) {
      const res = await api.post(PR, message({ imageUrl: bad, target: 'openUrl', targetUrl: 'javascript:alert(1)' }), bkk.accessToken);
      expect(res.status, bad).toBe(400);
      expect(res.body.errors, bad).toEqual({ imageUrl: ['invalidUrl'], targetUrl: ['invalidUrl'] });
    }
    // The upload is the screen's: Broadcast takes them in Marketplace only, and a user without the flag none.
    expect((await uploadImage(api, `${B}/Images`, market.accessToken, await testPicture(103))).status).toBe(201);
    expect((await uploadImage(api, '/api/admin/Delivery/Broadcast/Images', admin.accessToken, await testPicture(103))).status).toBe(404);
    expect((await uploadImage(api, `${PR}/Images`, cnx.accessToken, await testPicture(103))).status).toBe(403);
  });

  it("answers the inbox's picture as an address the app loads: an upload's at this API, a web address as it was", async () => {
    const key = (await uploadImage(api, `${PR}/Images`, bkk.accessToken, await testPicture(104))).body.data.key as string;
    const legacy = 'https://cdn.example.com/songkran.png';
    const ids: string[] = [];
    for (const imageUrl of [key, legacy]) {
      const created = await api.post(PR, message({ title: `Inbox picture ${imageUrl.slice(0, 8)}`, imageUrl }), bkk.accessToken);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.data.id as string;
      // Saved again as it is, a message keeps its picture.
      const saved = await send('PUT', `${PR}/${id}`, bkk.accessToken, message({ title: `Inbox picture ${imageUrl.slice(0, 8)}`, imageUrl, version: 1 }));
      expect(saved.body.data.imageUrl).toBe(imageUrl);
      expect((await send('PATCH', `${PR}/${id}/send`, bkk.accessToken, { version: 2 })).status).toBe(200);
      await sentItem(`${PR}/${id}`, bkk.accessToken);
      ids.push(id);
    }
    const [member] = await query<{ id: number }>(`SELECT recipient_id AS id FROM announcement_deliveries WHERE announcement_id = ${Number(ids[0])} LIMIT 1`);
    const inbox = (await api.get(`/api/app/Delivery/Inbox?recipientKind=member&recipientId=${member!.id}`, bkk.accessToken, appKey)).body.data as Loose[];
    const pictureOf = (id: string) => inbox.find((m) => m.id === id)?.imageUrl;
    expect(pictureOf(ids[0]!)).toBe(`${api.url}/api/images/${key}`);
    expect(pictureOf(ids[1]!)).toBe(legacy);
    const image = await fetch(pictureOf(ids[0]!));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    // The demo's sent broadcast carries one of the seed's uploads.
    const [seeded] = await query<{ id: number; recipient: number }>(
      `SELECT a.id, d.recipient_id AS recipient FROM announcements a JOIN announcement_deliveries d ON d.announcement_id = a.id
       WHERE a.kind = 'broadcast' AND a.status = 'sent' AND a.title = 'Flash sale this weekend' LIMIT 1`,
    );
    const theirs = (await api.get(`/api/app/Marketplace/Inbox?recipientKind=member&recipientId=${seeded!.recipient}`, market.accessToken, appKey)).body
      .data as Loose[];
    const flash = theirs.find((m) => m.id === String(seeded!.id))?.imageUrl as string;
    expect(flash).toMatch(new RegExp(`^${api.url}/api/images/[0-9a-f]{64}\\.jpg$`));
    expect((await fetch(flash)).status).toBe(200);
  });
});
