import { and, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { ChatMessage, ChatPeerKind, ChatSend } from '@contract/resources/chat';
import type { Db } from '../db/client';
import { chatConversations, chatMessages } from '../db/schema';
import { notFoundData } from '../kit/errors';
import { failed, GroupCommit, succeeded, type GroupOptions, type Outcome } from '../kit/group-commit';
import type { BusEvent, EventBus } from '../realtime/bus';
import { firstOfKey, messageKey, statesAfter, type GroupSend } from './chat-group';
import { chatMessageEvent, eventScopeOf, previewOf, toMessage, type ChatSide, type ConversationRow, type MessageRow } from './chat';
import type { ServiceScope } from './scope';

/**
 * Sending chat messages in groups: the sends that arrive within a few milliseconds are written by one statement (the
 * conversations found at once, one insert of the messages, one update of each conversation they touch), and each
 * caller gets what a send of its own would have answered: 201 with the new message, 200 with the message its
 * `clientId` made before, the conversation as it stood right after its message, and its `chat.message` event,
 * published in order once the group is committed.
 */

/** The conversation of a send: by id (the admin channel), by its peer (the app channel), or already read. */
export type SendTarget = { id: number } | { peerKind: ChatPeerKind; peerId: number } | { row: ConversationRow };

export interface SendRequest {
  /** The caller's scope: a conversation outside it is not found. */
  scope: ServiceScope;
  target: SendTarget;
  side: ChatSide;
  senderUserId: number | null;
  input: ChatSend;
  now: Date;
}

export interface SentMessage {
  message: ChatMessage;
  conversation: ConversationRow;
  created: boolean;
  event: BusEvent | null;
}

/** A send's answer; null: the app channel's peer has no conversation yet (the caller begins it, then sends again). */
export type SendResult = SentMessage | null;

/** The columns of a table as `to_jsonb` names them (snake_case), with those whose text is a timestamp. */
const columnsOf = (table: typeof chatMessages | typeof chatConversations) =>
  Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, name: column.name, date: column.columnType === 'PgTimestamp' }));
const MESSAGE_COLUMNS = columnsOf(chatMessages);
const CONVERSATION_COLUMNS = columnsOf(chatConversations);

/** A row from its `to_jsonb` (snake_case keys, timestamps as text). */
function rowFromJson<T>(columns: ReturnType<typeof columnsOf>, json: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const { key, name, date } of columns) {
    const value = json[name] ?? null;
    row[key] = date && value !== null ? new Date(value as string) : value;
  }
  return row as T;
}

/**
 * The group as one statement, so it is written (or not) as a whole in one round trip. `input` holds the sends in
 * order; `resolved` finds each send's conversation in the caller's scope (by id, or by the app's peer); `firsts` keeps
 * the group's first send of each message (conversation and `clientId`); `made` inserts them in the group's order (a
 * `clientId` sent before inserts nothing); `changes` sums the new messages per conversation with the last one's time
 * and preview, and `updated` moves each conversation's counters once. It answers the resolved conversations, the
 * conversations as they stood before, the new messages, the messages the resent `clientId`s made before, and the
 * conversations after.
 */
const groupStatement = (sends: string) => sql`
  with input as (
    select e.n, r.*
      from jsonb_array_elements(${sends}::jsonb) with ordinality as e(v, n),
        jsonb_to_record(e.v) as r(conversation_id integer, company_id integer, app_id integer, area_id integer, peer_kind text, peer_id integer,
          from_staff boolean, sender_user_id integer, body text, image_url text, client_id text, preview text, created_at timestamptz)
  ),
  resolved as (
    select i.n, c.id as cid from input i join chat_conversations c on c.id = i.conversation_id
      where c.company_id = i.company_id and c.app_id = i.app_id and (i.area_id is null or c.area_id = i.area_id)
    union all
    select i.n, c.id from input i join chat_conversations c on c.app_id = i.app_id and c.peer_kind = i.peer_kind and c.peer_id = i.peer_id
      where i.conversation_id is null and c.company_id = i.company_id and (i.area_id is null or c.area_id = i.area_id)
  ),
  firsts as (
    select distinct on (r.cid, i.client_id) r.cid, i.* from input i join resolved r using (n) order by r.cid, i.client_id, i.n
  ),
  made as (
    insert into chat_messages (conversation_id, from_staff, sender_user_id, body, image_url, client_id, created_at)
      select cid, from_staff, sender_user_id, body, image_url, client_id, created_at from firsts order by n
      on conflict do nothing
      returning *
  ),
  changes as (
    select f.cid, count(*) filter (where not f.from_staff)::integer as to_staff, count(*) filter (where f.from_staff)::integer as to_peer,
        count(*)::integer as k, (array_agg(f.preview order by f.n desc))[1] as preview, (array_agg(f.created_at order by f.n desc))[1] as at
      from made m join firsts f on f.cid = m.conversation_id and f.client_id = m.client_id
      group by f.cid
  ),
  updated as (
    update chat_conversations c
      set staff_unread = c.staff_unread + x.to_staff, peer_unread = c.peer_unread + x.to_peer, version = c.version + x.k,
        last_message_at = x.at, last_message_preview = x.preview, updated_at = x.at
      from changes x where c.id = x.cid
      returning c.*
  )
  select 'resolved' as kind, jsonb_build_object('n', n, 'cid', cid) as row from resolved
  union all select 'before', to_jsonb(c) from chat_conversations c where c.id in (select cid from resolved)
  union all select 'made', to_jsonb(m) from made m
  union all select 'existing', to_jsonb(x) from chat_messages x join firsts f on x.conversation_id = f.cid and x.client_id = f.client_id
  union all select 'after', to_jsonb(u) from updated u`;

/**
 * Writes a group of sends as one statement and answers each, in order. Throws when the statement fails: then nothing
 * of the group was written.
 */
export async function writeSendGroup(db: Db, requests: readonly SendRequest[]): Promise<Outcome<SendResult>[]> {
  const input = requests.map(({ scope, target, side, senderUserId, input, now }) => {
    const where =
      'row' in target
        ? { conversation_id: target.row.id, company_id: target.row.companyId, app_id: target.row.appId, area_id: null }
        : 'id' in target
          ? { conversation_id: target.id, company_id: scope.companyId, app_id: scope.appId, area_id: scope.areaId }
          : { peer_kind: target.peerKind, peer_id: target.peerId, company_id: scope.companyId, app_id: scope.appId, area_id: scope.areaId };
    return {
      ...where,
      from_staff: side === 'staff',
      sender_user_id: senderUserId,
      body: input.body,
      image_url: input.imageUrl ?? null,
      client_id: input.clientId,
      preview: previewOf(input),
      created_at: now.toISOString(),
    };
  });
  const result = (await db.execute(groupStatement(JSON.stringify(input)))) as unknown as { rows: { kind: string; row: Record<string, unknown> }[] };

  const conversationOf = new Map<number, number>();
  const before = new Map<number, ConversationRow>();
  const after = new Map<number, ConversationRow>();
  const messages = new Map<string, MessageRow>();
  const made = new Set<string>();
  for (const { kind, row } of result.rows) {
    if (kind === 'resolved') conversationOf.set(Number(row.n) - 1, Number(row.cid));
    else if (kind === 'before' || kind === 'after') {
      const conversation = rowFromJson<ConversationRow>(CONVERSATION_COLUMNS, row);
      (kind === 'before' ? before : after).set(conversation.id, conversation);
    } else {
      const message = rowFromJson<MessageRow>(MESSAGE_COLUMNS, row);
      const key = messageKey(message.conversationId, message.clientId);
      messages.set(key, message);
      if (kind === 'made') made.add(key);
    }
  }

  // The sends that found their conversation, in the group's order.
  const outcomes: (Outcome<SendResult> | undefined)[] = requests.map((r, i) =>
    conversationOf.has(i) ? undefined : 'peerKind' in r.target ? succeeded(null) : failed(notFoundData()),
  );
  const at: number[] = [];
  const sends: GroupSend[] = [];
  requests.forEach((r, i) => {
    if (outcomes[i]) return;
    at.push(i);
    sends.push({ conversationId: conversationOf.get(i)!, clientId: r.input.clientId, fromStaff: r.side === 'staff', preview: previewOf(r.input), at: r.now });
  });
  const first = firstOfKey(sends);
  const created = sends.map((s, k) => first[k] === k && made.has(messageKey(s.conversationId, s.clientId)));

  // A message made by a send committed while this statement ran is not in its snapshot: read it now.
  const missing = sends.filter((s) => !messages.has(messageKey(s.conversationId, s.clientId)));
  if (missing.length > 0) {
    const late = await db
      .select()
      .from(chatMessages)
      .where(or(...missing.map((s) => and(eq(chatMessages.conversationId, s.conversationId), eq(chatMessages.clientId, s.clientId)))));
    for (const m of late) messages.set(messageKey(m.conversationId, m.clientId), m);
  }

  const states = statesAfter(sends, created, after, before);
  sends.forEach((s, k) => {
    const i = at[k]!;
    const row = messages.get(messageKey(s.conversationId, s.clientId));
    const conversation = states[k];
    if (!row || !conversation) {
      outcomes[i] = failed(notFoundData());
      return;
    }
    const message = toMessage(row);
    outcomes[i] = succeeded({ message, conversation, created: created[k]!, event: created[k] ? chatMessageEvent(conversation, message) : null });
  });
  return outcomes.map((o) => o!);
}

/** The process's chat sends, gathered into groups; each group's events are published in order once it is written. */
export function chatSender(deps: { db: Db; bus: EventBus; log: (message: string) => void }, options: GroupOptions) {
  const groups = new GroupCommit<SendRequest, SendResult>(async (requests) => {
    const outcomes = await writeSendGroup(deps.db, requests);
    for (const outcome of outcomes) {
      if (!outcome.ok || !outcome.value?.event) continue;
      try {
        deps.bus.publish(eventScopeOf(outcome.value.conversation), outcome.value.event);
      } catch (error) {
        deps.log(`[chat] could not publish a message: ${(error as Error).message}`);
      }
    }
    return outcomes;
  }, options);
  return {
    send: (request: SendRequest): Promise<SendResult> => groups.submit(request),
    idle: () => groups.idle(),
  };
}
export type ChatSender = ReturnType<typeof chatSender>;
