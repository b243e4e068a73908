import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { SEED_LANG_STRINGS } from '../src/seed/lang-strings';
import { DEMO, startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
const L = '/api/admin/Delivery/Setting/LangInApps';
const M = '/api/admin/Marketplace/Setting/LangInApps';
const APP = '/api/app/Delivery/Lang';

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk)]);
});
afterAll(async () => {
  await api?.close();
});

const token = () => admin.accessToken as string;
const list = async (path: string, query: Record<string, string> = {}) => {
  const res = await api.get(`${path}?${new URLSearchParams(query)}`, token());
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Loose[]; total: number };
};
const rowOf = async (client: string, key: string) => (await list(L, { client, q: key, pageSize: '100' })).data.find((r: Loose) => r.key === key);
const put = (body: unknown, path = L) => api.request('PUT', path, { token: token(), body });
const summaryOf = async (client: string, path = L) => {
  const res = await api.get(`${path}/Summary`, token());
  expect(res.status).toBe(200);
  return (res.body.data as Loose[]).find((s) => s.client === client);
};
const appRead = (client: string, lang: string, headers: Record<string, string> = {}) =>
  api.get(`${APP}/${client}?lang=${lang}`, token(), { [APP_KEY_HEADER]: TEST_APP_API_KEY, ...headers });
const exportOf = async (path: string, client: string, format: 'json' | 'csv') => {
  const res = await fetch(`${api.url}${path}/export?client=${client}&format=${format}`, { headers: { authorization: `Bearer ${token()}` } });
  expect(res.status).toBe(200);
  return { text: await res.text(), type: res.headers.get('content-type') ?? '', disposition: res.headers.get('content-disposition') ?? '' };
};
const importInto = (path: string, body: Record<string, unknown>) => api.post(`${path}/import`, body, token());

describe('Language strings: the list', () => {
  it("lists a client's strings in key order, searches every language and keeps the missing ones", async () => {
    const seeded = SEED_LANG_STRINGS.member;
    const all = await list(L, { client: 'member', pageSize: '100' });
    expect(all.total).toBe(seeded.length);
    const keys = all.data.map((r: Loose) => r.key);
    expect(keys).toEqual([...keys].sort());
    expect(all.data[0]).toMatchObject({ client: 'member', version: 1 });

    // A Thai word finds its key; the search is not limited to the key.
    const thai = await list(L, { client: 'member', q: 'ตะกร้า' });
    expect(thai.data.map((r: Loose) => r.key).sort()).toEqual(
      seeded
        .filter((r) => r[2].includes('ตะกร้า'))
        .map((r) => r[0])
        .sort(),
    );

    const noBurmese = await list(L, { client: 'member', missing: 'my', pageSize: '100' });
    expect(noBurmese.total).toBe(seeded.filter((r) => r[4] === '').length);
    expect(noBurmese.total).toBeGreaterThan(0);
    expect(noBurmese.data.every((r: Loose) => r.my === '')).toBe(true);
    const any = await list(L, { client: 'member', missing: 'any', pageSize: '100' });
    expect(any.total).toBe(seeded.filter((r) => r.slice(1).some((text) => text === '')).length);

    const page2 = await list(L, { client: 'member', pageSize: '10', page: '2' });
    expect(page2.data.map((r: Loose) => r.key)).toEqual(keys.slice(10, 20));

    expect((await api.get(`${L}?client=admin`, token())).status).toBe(400);
    expect((await api.get(`${L}?client=member&missing=fr`, token())).status).toBe(400);
  });

  it('counts the keys and the missing translations per client; Marketplace has none', async () => {
    const shop = await summaryOf('shop');
    const seeded = SEED_LANG_STRINGS.shop;
    expect(shop).toMatchObject({
      total: seeded.length,
      missing: { en: 0, th: 0, zh: seeded.filter((r) => r[3] === '').length, my: seeded.filter((r) => r[4] === '').length },
    });
    expect(shop.version).toBeGreaterThanOrEqual(1);
    expect((await list(M, { client: 'member' })).total).toBe(0);
    expect(await summaryOf('member', M)).toMatchObject({ total: 0, version: 0 });
  });

  it('is refused to staff, whatever the call (admin only)', async () => {
    const staff = bkk.accessToken as string;
    expect((await api.get(`${L}?client=member`, staff)).status).toBe(403);
    expect((await api.get(`${L}/Summary`, staff)).status).toBe(403);
    expect((await api.get(`${L}/export?client=member&format=csv`, staff)).status).toBe(403);
    expect((await api.request('PUT', L, { token: staff, body: { client: 'member', rows: [{ id: '1', version: 1, th: 'x' }] } })).status).toBe(403);
    expect((await api.post(L, { client: 'member', key: 'staff.key', en: 'x' }, staff)).status).toBe(403);
    expect((await api.post(`${L}/import`, { client: 'member', format: 'json', content: '{}' }, staff)).status).toBe(403);
    expect((await api.request('DELETE', `${L}/1`, { token: staff })).status).toBe(403);
    expect(await rowOf('member', 'staff.key')).toBeUndefined();
  });
});

describe('Language strings: saving', () => {
  it('saves many cells in one go and bumps the bundle once; a stale row is 409 with the row as it is now, and nothing is saved', async () => {
    const a = await rowOf('shop', 'order.accept');
    const b = await rowOf('shop', 'order.reject');
    const before = (await summaryOf('shop')).version;
    const saved = await put({
      client: 'shop',
      rows: [
        { id: a.id, version: a.version, th: 'กดรับออเดอร์' },
        { id: b.id, version: b.version, zh: '拒绝订单', my: 'ငြင်းမည်' },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.version).toBe(before + 1);
    expect(saved.body.data.rows.map((r: Loose) => [r.key, r.version, r.th, r.zh])).toEqual([
      ['order.accept', a.version + 1, 'กดรับออเดอร์', a.zh],
      ['order.reject', b.version + 1, b.th, '拒绝订单'],
    ]);
    expect(saved.body.data.rows[0].updatedBy).toMatchObject({ displayName: expect.any(String) });
    expect((await summaryOf('shop')).version).toBe(before + 1);

    // One row stale (a is at version+1 now), one fresh: nothing saved, 409 names the stale row as it is now.
    const fresh = await rowOf('shop', 'order.reject');
    const stale = await put({
      client: 'shop',
      rows: [
        { id: a.id, version: a.version, th: 'ของคนอื่น' },
        { id: fresh.id, version: fresh.version, en: 'Decline' },
      ],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('CONFLICT');
    expect(stale.body.data.rows).toEqual([expect.objectContaining({ id: a.id, key: 'order.accept', th: 'กดรับออเดอร์', version: a.version + 1 })]);
    expect(stale.body.data.gone).toEqual([]);
    expect((await rowOf('shop', 'order.reject')).en).toBe('Reject');
    expect((await summaryOf('shop')).version).toBe(before + 1);

    // A row of another client is not found in this one: gone.
    const member = await rowOf('member', 'cart.title');
    const other = await put({ client: 'shop', rows: [{ id: member.id, version: member.version, th: 'x' }] });
    expect(other.status).toBe(409);
    expect(other.body.data.gone).toEqual([member.id]);
  });

  it('checks the body: text bounds, repeated rows', async () => {
    const a = await rowOf('shop', 'menu.title');
    const tooLong = await put({ client: 'shop', rows: [{ id: a.id, version: a.version, th: 'ก'.repeat(1001) }] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual({ 'rows.0.th': ['outOfRange'] });
    const twice = await put({
      client: 'shop',
      rows: [
        { id: a.id, version: a.version, th: 'x' },
        { id: a.id, version: a.version, zh: 'y' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual({ 'rows.1.id': ['taken'] });
    expect((await put({ client: 'shop', rows: [] })).status).toBe(400);
  });

  it('adds a key (taken and wrong keys refused) and deletes it', async () => {
    const before = (await summaryOf('biker')).version;
    const created = await api.post(L, { client: 'biker', key: 'task.photo_proof', en: 'Take a photo', th: 'ถ่ายรูปยืนยัน' }, token());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ key: 'task.photo_proof', en: 'Take a photo', th: 'ถ่ายรูปยืนยัน', zh: '', my: '', version: 1 });
    expect((await summaryOf('biker')).version).toBe(before + 1);

    const again = await api.post(L, { client: 'biker', key: 'task.photo_proof', en: 'Again' }, token());
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ key: ['taken'] });
    const wrong = await api.post(L, { client: 'biker', key: 'Task Photo!', en: 'x' }, token());
    expect(wrong.body.errors).toEqual({ key: ['invalidLangKey'] });
    // The same key in another client is another string.
    expect((await api.post(L, { client: 'shop', key: 'task.photo_proof', en: 'Photo' }, token())).status).toBe(201);

    expect((await api.request('DELETE', `${L}/${created.body.data.id}`, { token: token() })).status).toBe(200);
    expect(await rowOf('biker', 'task.photo_proof')).toBeUndefined();
    expect((await summaryOf('biker')).version).toBe(before + 2);
    expect((await api.request('DELETE', `${L}/${created.body.data.id}`, { token: token() })).status).toBe(404);
  });
});

describe('Language strings: export and import', () => {
  it('exports JSON and imports it back unchanged; into an empty app it makes the same strings', async () => {
    const file = await exportOf(L, 'member', 'json');
    expect(file.type).toMatch(/^application\/json/);
    expect(file.disposition).toContain('lang-delivery-member.json');
    const json = JSON.parse(file.text) as Record<string, Record<string, string>>;
    expect(Object.keys(json)).toHaveLength(SEED_LANG_STRINGS.member.length);
    expect(json['cart.title']).toEqual({ en: 'Your cart', th: 'ตะกร้าของคุณ', zh: '购物车', my: 'သင့်ခြင်းတောင်း' });

    const version = (await summaryOf('member')).version;
    const same = await importInto(L, { client: 'member', format: 'json', content: file.text });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ created: 0, changed: 0, unchanged: Object.keys(json).length, applied: true, version });
    expect((await summaryOf('member')).version).toBe(version);

    const preview = await importInto(M, { client: 'member', format: 'json', content: file.text, dryRun: true });
    expect(preview.body.data).toMatchObject({ created: Object.keys(json).length, changed: 0, unchanged: 0, applied: false, version: 0 });
    expect((await list(M, { client: 'member' })).total).toBe(0);
    const done = await importInto(M, { client: 'member', format: 'json', content: file.text });
    expect(done.body.data).toMatchObject({ created: Object.keys(json).length, applied: true, version: 1 });
    expect(JSON.parse((await exportOf(M, 'member', 'json')).text)).toEqual(json);
  });

  it('exports CSV (formulas defused, quotes and line breaks kept) and imports it back to the same texts', async () => {
    const tricky = { client: 'shop', key: 'order.note_hint', en: '=SUM(A1:A9)', th: 'หมายเหตุ, "พิเศษ"', zh: '第一行\n第二行', my: '-5 min' };
    expect((await api.post(L, tricky, token())).status).toBe(201);
    const csv = await exportOf(L, 'shop', 'csv');
    expect(csv.type).toMatch(/^text\/csv/);
    const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('key,en,th,zh,my');
    expect(csv.text).toContain(`order.note_hint,'=SUM(A1:A9),"หมายเหตุ, ""พิเศษ""","第一行\n第二行",'-5 min`);

    const same = await importInto(L, { client: 'shop', format: 'csv', content: csv.text });
    expect(same.body.data).toMatchObject({ created: 0, changed: 0, applied: true });
    const done = await importInto(M, { client: 'shop', format: 'csv', content: csv.text });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(JSON.parse((await exportOf(M, 'shop', 'json')).text)).toEqual(JSON.parse((await exportOf(L, 'shop', 'json')).text));
  });

  it('merges: new keys made, changed texts updated, empty texts left alone; a wrong file saves nothing and says where', async () => {
    const before = await rowOf('biker', 'task.navigate');
    const version = (await summaryOf('biker')).version;
    const content = 'key,th,zh\r\ntask.navigate,เปิดแผนที่,\r\ntask.new,มีงานใหม่,新配送任务\r\nbiker.rest_reminder,พักสักครู่,休息一下\r\n';
    const preview = await importInto(L, { client: 'biker', format: 'csv', content, dryRun: true });
    expect(preview.body.data).toMatchObject({ created: 1, changed: 1, unchanged: 1, applied: false, version });
    const done = await importInto(L, { client: 'biker', format: 'csv', content });
    expect(done.body.data).toMatchObject({ created: 1, changed: 1, unchanged: 1, applied: true, version: version + 1 });
    expect(await rowOf('biker', 'task.navigate')).toMatchObject({ th: 'เปิดแผนที่', zh: before.zh, en: before.en, version: before.version + 1 });
    expect(await rowOf('biker', 'biker.rest_reminder')).toMatchObject({ en: '', th: 'พักสักครู่', zh: '休息一下', my: '' });

    const bad = await importInto(L, { client: 'biker', format: 'csv', content: 'key,en\r\ntask.ok,Fine\r\nBad Key,Nope\r\ntask.ok,Twice\r\n' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ content: ['invalidLangFile'] });
    expect(bad.body.data.problems).toEqual([
      { at: 'line 3', field: 'key', code: 'invalidLangKey' },
      { at: 'line 4', field: 'key', code: 'taken' },
    ]);
    expect(await rowOf('biker', 'task.ok')).toBeUndefined();
    expect((await importInto(L, { client: 'biker', format: 'csv', content: 'name,en\r\nx,y\r\n' })).body.data.problems).toEqual([
      { at: 'line 1', field: 'name', code: 'invalidLangFile' },
    ]);
    expect((await importInto(L, { client: 'biker', format: 'json', content: '[1,2]' })).status).toBe(400);
    expect((await importInto(L, { client: 'biker', format: 'json', content: '{"a.b": {"fr": "Bonjour"}}' })).body.data.problems).toEqual([
      { at: 'a.b', field: 'fr', code: 'invalidLangFile' },
    ]);
    expect((await summaryOf('biker')).version).toBe(version + 1);
  });
});

describe('Language strings: the apps’ endpoint', () => {
  it('answers the strings in a language with English where missing, an ETag of the version, and 304 until a change', async () => {
    // Without the app channel's key a token alone is refused; with it, any user of the app reads its words.
    expect((await api.get(`${APP}/member?lang=th`, token())).status).toBe(403);
    expect((await api.get(`${APP}/member?lang=th`, bkk.accessToken, { [APP_KEY_HEADER]: TEST_APP_API_KEY })).status).toBe(200);
    const first = await appRead('member', 'my');
    expect(first.status).toBe(200);
    const { version, strings, lang, client } = first.body.data;
    expect({ lang, client }).toEqual({ lang: 'my', client: 'member' });
    expect(first.headers.get('etag')).toBe(`"${version}"`);
    expect(first.headers.get('cache-control')).toBe('private, max-age=60');
    expect(strings['cart.title']).toBe('သင့်ခြင်းတောင်း');
    // Burmese missing: the English text.
    expect(strings['order.message.arriving']).toBe('Your rider is arriving');
    expect(Object.keys(strings)).toHaveLength((await summaryOf('member')).total);

    const cached = await appRead('member', 'th', { 'if-none-match': `"${version}"` });
    expect(cached.status).toBe(304);
    expect(cached.body).toBeNull();
    expect(cached.headers.get('etag')).toBe(`"${version}"`);

    const row = await rowOf('member', 'cart.checkout');
    expect((await put({ client: 'member', rows: [{ id: row.id, version: row.version, th: 'ไปชำระเงิน' }] })).status).toBe(200);
    const after = await appRead('member', 'th', { 'if-none-match': `"${version}"` });
    expect(after.status).toBe(200);
    expect(after.body.data.version).toBe(version + 1);
    expect(after.headers.get('etag')).toBe(`"${version + 1}"`);
    expect(after.body.data.strings['cart.checkout']).toBe('ไปชำระเงิน');

    expect((await appRead('member', 'fr')).status).toBe(400);
    expect((await api.get(`${APP}/admin?lang=th`, token(), { [APP_KEY_HEADER]: TEST_APP_API_KEY })).status).toBe(400);
    // The app's call is not a back-office call.
    expect((await api.get(`/api/admin/Delivery/Lang/member?lang=th`, token())).status).toBe(404);
  });
});
