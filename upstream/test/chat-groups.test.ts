import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APP_KEY_HEADER } from '@contract/app-channel';
import type { BusEvent, EventScope } from '../src/realtime/bus';
import { DEMO, startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';

/**
 * Chat sends written in groups (domain/chat-send.ts): concurrent sends over real HTTP, to one conversation and to
 * several, on both channels; each stored once, the counters right, resends idempotent within a group and across
 * groups, one event per new message in order, and a group whose write fails loses no send.
 */

let api: TestServer;
let admin: string;
let staff: string;
let companyId: number;
let members: string[];
let shops: string[];

const BASE = '/api/admin/Delivery/Chat';
const appPath = (kind: string, id: string) => `/api/app/Delivery/Chat/${kind}/${id}/messages`;
const key = { [APP_KEY_HEADER]: TEST_APP_API_KEY };
let seq = 0;
const clientId = (tag: string) => `group-${tag}-${++seq}`;

type Event = BusEvent & { scope: EventScope; message: { id: string; clientId: string; body: string }; conversationId: string };

/** How many statements have inserted into chat_messages (each attempt counts: a sequence is never rolled back). */
async function insertStatements(): Promise<number> {
  const result = (await api.db.db.execute(sql`SELECT last_value, is_called FROM test_chat_statements`)) as unknown as {
    rows: { last_value: string | number; is_called: boolean }[];
  };
  const row = result.rows[0]!;
  return row.is_called ? Number(row.last_value) : 0;
}

/** The bus events published and the statements that inserted messages while `run` runs. */
async function observe<T>(run: () => Promise<T>): Promise<{ result: T; events: Event[]; statements: number }> {
  const events: Event[] = [];
  const stop = api.bus.subscribe({ companyId, appId: null, areaId: null, deliver: (e) => events.push(e as Event) });
  const from = await insertStatements();
  try {
    const result = await run();
    return { result, events, statements: (await insertStatements()) - from };
  } finally {
    stop();
  }
}

const conversation = async (id: string) => (await api.get(`${BASE}/${id}`, staff)).body.data;
const start = async (peerKind: string, peerId: string) => (await api.post(BASE, { peerKind, peerId }, staff)).body.data.id as string;
const staffSend = (id: string, cid: string, body: string) => api.post(`${BASE}/${id}/messages`, { clientId: cid, body }, staff);
const peerSend = (kind: string, id: string, cid: string, body: string) => api.post(appPath(kind, id), { clientId: cid, body }, admin, key);
async function thread(id: string): Promise<{ id: string; clientId: string; body: string; fromStaff: boolean }[]> {
  const all: { id: string; clientId: string; body: string; fromStaff: boolean }[] = [];
  let before = '';
  for (;;) {
    const page = await api.get(`${BASE}/${id}/messages?limit=100${before ? `&before=${before}` : ''}`, staff);
    all.unshift(...page.body.data);
    if (!page.body.more) return all;
    before = page.body.data[0].id;
  }
}

beforeAll(async () => {
  // A window wide enough that requests sent together are written together on a loaded machine.
  api = await startTestServer({ writeGroups: { ms: 25, max: 100 } });
  admin = (await api.login(DEMO.admin)).accessToken;
  const login = await api.login(DEMO.bkk);
  staff = login.accessToken;
  companyId = Number(login.userData.companies);
  members = (await api.get(`${BASE}/peers?peerKind=member`, staff)).body.data.map((p: { peerId: string }) => p.peerId);
  shops = (await api.get(`${BASE}/peers?peerKind=shop`, staff)).body.data.map((p: { peerId: string }) => p.peerId);
  expect(members.length).toBeGreaterThanOrEqual(4);
  expect(shops.length).toBeGreaterThanOrEqual(2);
  await api.db.db.execute(sql`CREATE SEQUENCE test_chat_statements`);
  await api.db.db.execute(
    sql.raw(`CREATE FUNCTION test_chat_count() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM nextval('test_chat_statements'); RETURN NULL; END $$`),
  );
  await api.db.db.execute(sql`CREATE TRIGGER test_chat_count BEFORE INSERT ON chat_messages FOR EACH STATEMENT EXECUTE FUNCTION test_chat_count()`);
});
afterAll(async () => {
  await api?.close();
});

describe('Chat sends written in groups', () => {
  it('stores concurrent sends to one conversation once each, in fewer statements, with counters and events in order', async () => {
    const id = await start('member', members[0]!);
    const before = await conversation(id);
    const ids = Array.from({ length: 20 }, () => clientId('one'));
    const { result, events, statements } = await observe(() => Promise.all(ids.map((cid, i) => staffSend(id, cid, `line ${i}`))));
    expect(result.map((r) => r.status)).toEqual(ids.map(() => 201));
    // Written in groups: fewer inserts than messages.
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThan(ids.length);
    const stored = (await thread(id)).filter((m) => ids.includes(m.clientId));
    expect(stored.map((m) => m.clientId).sort()).toEqual([...ids].sort());
    const after = await conversation(id);
    expect(after.peerUnread - before.peerUnread).toBe(20);
    expect(after.version - before.version).toBe(20);
    expect(after.staffUnread).toBe(before.staffUnread);
    // Each answer is the conversation right after its own message: twenty different counts, the last one the stored one.
    const counts = result.map((r) => r.body.conversation.peerUnread as number).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 20 }, (_, i) => before.peerUnread + 1 + i));
    // One event per message, published in the order of the messages, each with the answer's counts.
    const messages = events.filter((e) => e.type === 'chat.message');
    expect(messages).toHaveLength(20);
    const eventIds = messages.map((e) => Number(e.message.id));
    expect(eventIds).toEqual([...eventIds].sort((a, b) => a - b));
    for (const r of result) {
      const event = messages.find((e) => e.message.id === r.body.data.id)!;
      expect(event.peerUnread).toBe(r.body.conversation.peerUnread);
      expect(event.message.clientId).toBe(r.body.data.clientId);
    }
    const newest = result.find((r) => r.body.data.id === String(Math.max(...eventIds)))!;
    expect(after.lastMessagePreview).toBe(newest.body.data.body);
    expect(newest.body.conversation).toMatchObject({ peerUnread: after.peerUnread, version: after.version, lastMessagePreview: after.lastMessagePreview });
  });

  it('keeps each conversation’s counters right when concurrent sends of both channels go to several', async () => {
    const a = await start('member', members[1]!);
    const b = await start('shop', shops[0]!);
    const before = { a: await conversation(a), b: await conversation(b) };
    const sends: Promise<Awaited<ReturnType<typeof staffSend>>>[] = [];
    const { result, events } = await observe(async () => {
      for (let i = 0; i < 8; i += 1) {
        sends.push(staffSend(a, clientId('a-staff'), `to a ${i}`));
        sends.push(peerSend('member', members[1]!, clientId('a-peer'), `from a ${i}`));
        sends.push(peerSend('shop', shops[0]!, clientId('b-peer'), `from b ${i}`));
      }
      return Promise.all(sends);
    });
    expect(result.every((r) => r.status === 201)).toBe(true);
    const after = { a: await conversation(a), b: await conversation(b) };
    expect([after.a.peerUnread - before.a.peerUnread, after.a.staffUnread - before.a.staffUnread, after.a.version - before.a.version]).toEqual([8, 8, 16]);
    expect([after.b.peerUnread - before.b.peerUnread, after.b.staffUnread - before.b.staffUnread, after.b.version - before.b.version]).toEqual([0, 8, 8]);
    for (const id of [a, b]) {
      const own = events.filter((e) => e.type === 'chat.message' && e.conversationId === id).map((e) => Number(e.message.id));
      expect(own).toHaveLength(id === a ? 16 : 8);
      expect(own).toEqual([...own].sort((x, y) => x - y));
      expect(new Set(own).size).toBe(own.length);
    }
    expect((await thread(a)).filter((m) => m.body.startsWith('to a ') || m.body.startsWith('from a '))).toHaveLength(16);
  });

  it('answers resends of one clientId inside a group with the one message: one 201, 200 for the others, one event', async () => {
    const id = await start('member', members[2]!);
    const before = await conversation(id);
    const same = clientId('dup');
    const other = clientId('other');
    const { result, events } = await observe(() =>
      Promise.all([staffSend(id, same, 'twice'), staffSend(id, other, 'once'), staffSend(id, same, 'twice'), staffSend(id, same, 'twice')]),
    );
    const dup = [result[0]!, result[2]!, result[3]!];
    expect(dup.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(dup.map((r) => r.body.data.id)).size).toBe(1);
    expect(result[1]!.status).toBe(201);
    expect(
      events
        .filter((e) => e.type === 'chat.message')
        .map((e) => e.message.clientId)
        .sort(),
    ).toEqual([same, other].sort());
    const after = await conversation(id);
    expect(after.peerUnread - before.peerUnread).toBe(2);
    expect((await thread(id)).filter((m) => m.clientId === same)).toHaveLength(1);

    // Across groups: the same clientIds again, alone and together with a new one.
    const again = await observe(() => Promise.all([staffSend(id, same, 'twice'), staffSend(id, other, 'once'), staffSend(id, clientId('new'), 'new')]));
    expect(again.result.map((r) => r.status)).toEqual([200, 200, 201]);
    expect(again.result[0]!.body.data.id).toBe(dup[0]!.body.data.id);
    expect(again.result[1]!.body.data.id).toBe(result[1]!.body.data.id);
    expect(again.events.filter((e) => e.type === 'chat.message')).toHaveLength(1);
    expect((await conversation(id)).peerUnread - after.peerUnread).toBe(1);
  });

  it('begins a peer’s conversation once when its first messages arrive together', async () => {
    const talking = (await api.get(`${BASE}?peerKind=member&pageSize=100`, staff)).body.data.map((c: { peerId: string }) => c.peerId);
    const peer = members.slice(3).find((m) => !talking.includes(m))!;
    expect(peer).toBeDefined();
    const ids = Array.from({ length: 6 }, () => clientId('first'));
    const { result, events } = await observe(() => Promise.all(ids.map((cid, i) => peerSend('member', peer, cid, `hello ${i}`))));
    expect(result.map((r) => r.status)).toEqual(ids.map(() => 201));
    const conversations = new Set(result.map((r) => r.body.conversation.id));
    expect(conversations.size).toBe(1);
    const id = [...conversations][0] as string;
    const row = await conversation(id);
    // A new conversation's version is 1; each message adds one.
    expect(row).toMatchObject({ staffUnread: 6, peerUnread: 0, version: 7 });
    expect((await thread(id)).map((m) => m.clientId).sort()).toEqual([...ids].sort());
    expect(events.filter((e) => e.type === 'chat.message')).toHaveLength(6);
  });

  it('refuses a conversation out of the caller’s scope inside a group without failing the others', async () => {
    const id = await start('member', members[0]!);
    const theirs = (await api.get(BASE, (await api.login(DEMO.cnx)).accessToken)).body.data[0].id as string;
    const result = await Promise.all([
      staffSend(id, clientId('in'), 'in scope'),
      staffSend(theirs, clientId('out'), 'not mine'),
      staffSend('999999', clientId('none'), 'x'),
    ]);
    expect(result.map((r) => r.status)).toEqual([201, 404, 404]);
  });
});

describe('Chat sends when a group cannot be written', () => {
  afterAll(async () => {
    await api.db.db.execute(sql`DROP TRIGGER IF EXISTS test_chat_fail ON chat_messages`);
    await api.db.db.execute(sql`DROP FUNCTION IF EXISTS test_chat_fail()`);
    await api.db.db.execute(sql`DROP SEQUENCE IF EXISTS test_chat_fail_seq`);
  });

  it('writes the sends of a group that failed once again one by one: none lost, none twice', async () => {
    // The first insert of messages after this fails; the sequence is not rolled back with it, so the next ones pass.
    await api.db.db.execute(sql`CREATE SEQUENCE test_chat_fail_seq`);
    await api.db.db.execute(
      sql.raw(`CREATE FUNCTION test_chat_fail() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF nextval('test_chat_fail_seq') = 1 THEN RAISE EXCEPTION 'injected failure'; END IF;
          RETURN NULL;
        END $$`),
    );
    await api.db.db.execute(sql`CREATE TRIGGER test_chat_fail BEFORE INSERT ON chat_messages FOR EACH STATEMENT EXECUTE FUNCTION test_chat_fail()`);
    const id = await start('shop', shops[1]!);
    const before = await conversation(id);
    const ids = Array.from({ length: 10 }, () => clientId('retry'));
    const { result, events, statements } = await observe(() => Promise.all(ids.map((cid, i) => staffSend(id, cid, `retry ${i}`))));
    expect(result.map((r) => r.status)).toEqual(ids.map(() => 201));
    // The failed group, then one statement a send for the sends it held.
    expect(statements).toBeGreaterThan(1);
    const calls = (await api.db.db.execute(sql`SELECT last_value FROM test_chat_fail_seq`)) as unknown as { rows: { last_value: string | number }[] };
    expect(Number(calls.rows[0]!.last_value)).toBeGreaterThan(1);
    const after = await conversation(id);
    expect(after.peerUnread - before.peerUnread).toBe(10);
    expect(after.version - before.version).toBe(10);
    expect((await thread(id)).filter((m) => ids.includes(m.clientId))).toHaveLength(10);
    expect(events.filter((e) => e.type === 'chat.message')).toHaveLength(10);
  });

  it('fails only the send that cannot be written; the others of its group are stored, counted and published once', async () => {
    await api.db.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION test_chat_fail() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.body = 'poison' THEN RAISE EXCEPTION 'poisoned message'; END IF;
          RETURN NEW;
        END $$`),
    );
    await api.db.db.execute(sql`DROP TRIGGER test_chat_fail ON chat_messages`);
    await api.db.db.execute(sql`CREATE TRIGGER test_chat_fail BEFORE INSERT ON chat_messages FOR EACH ROW EXECUTE FUNCTION test_chat_fail()`);
    const id = await start('shop', shops[1]!);
    const before = await conversation(id);
    const bodies = ['fine 1', 'fine 2', 'poison', 'fine 3', 'fine 4'];
    const ids = bodies.map(() => clientId('poison'));
    const { result, events } = await observe(() => Promise.all(bodies.map((body, i) => staffSend(id, ids[i]!, body))));
    expect(result.map((r) => r.status)).toEqual([201, 201, 500, 201, 201]);
    const after = await conversation(id);
    expect(after.peerUnread - before.peerUnread).toBe(4);
    expect(after.version - before.version).toBe(4);
    const stored = (await thread(id)).filter((m) => ids.includes(m.clientId));
    expect(stored.map((m) => m.body)).toEqual(['fine 1', 'fine 2', 'fine 3', 'fine 4']);
    expect(events.filter((e) => e.type === 'chat.message').map((e) => e.message.body)).toEqual(['fine 1', 'fine 2', 'fine 3', 'fine 4']);
  });
});
