import { describe, expect, it } from 'vitest';
import type { ChatConversation, ChatMessage } from '@contract/resources/chat';
import { applyMark, applyToConversations, lastMessageId, mergeMessages, newClientId, sortConversations, tickOf } from './thread';

const msg = (id: number, fromStaff = true, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: String(id),
  conversationId: '1',
  fromStaff,
  senderUserId: fromStaff ? '5' : null,
  body: `m${id}`,
  imageUrl: null,
  clientId: `c-${id}`,
  deliveredAt: null,
  readAt: null,
  createdAt: new Date(Date.UTC(2026, 10, 26, 3, 0, id)).toISOString(),
  ...extra,
});
const conv = (id: number, unread: number, minute: number): ChatConversation => ({
  id: String(id),
  areaId: '1',
  peerKind: 'shop',
  peerId: String(id * 10),
  peerName: `Shop ${id}`,
  lastMessageAt: new Date(Date.UTC(2026, 10, 26, 3, minute)).toISOString(),
  lastMessagePreview: '',
  staffUnread: unread,
  peerUnread: 0,
  version: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
});

describe('a chat thread', () => {
  it('merges pages, catch-ups and live events by id: nothing twice, oldest first', () => {
    const page = [msg(3), msg(4), msg(5)];
    const thread = mergeMessages(mergeMessages([], page), [msg(5), msg(6)]);
    expect(thread.map((m) => m.id)).toEqual(['3', '4', '5', '6']);
    expect(mergeMessages(thread, [msg(1), msg(2)]).map((m) => m.id)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(lastMessageId(thread)).toBe('6');
    expect(lastMessageId([])).toBeNull();
  });

  it('keeps a mark an older copy does not have', () => {
    const read = msg(3, true, { deliveredAt: '2026-11-26T03:01:00.000Z', readAt: '2026-11-26T03:02:00.000Z' });
    expect(mergeMessages([read], [msg(3)])[0]).toMatchObject({ readAt: read.readAt, deliveredAt: read.deliveredAt });
  });

  it('applies the peer’s marks to staff’s messages up to upTo, a read one delivered too', () => {
    const thread = [msg(1), msg(2, false), msg(3), msg(4)];
    const delivered = applyMark(thread, {
      type: 'chat.delivered',
      by: 'peer',
      upTo: '4',
      at: 'A',
      conversationId: '1',
      peerKind: 'shop',
      peerId: '9',
      appId: '7',
      areaId: '1',
      staffUnread: 0,
      peerUnread: 2,
    });
    expect(delivered.map(tickOf)).toEqual(['delivered', 'sent', 'delivered', 'delivered']);
    const read = applyMark(delivered, {
      type: 'chat.read',
      by: 'peer',
      upTo: '3',
      at: 'B',
      conversationId: '1',
      peerKind: 'shop',
      peerId: '9',
      appId: '7',
      areaId: '1',
      staffUnread: 0,
      peerUnread: 1,
    });
    expect(read.map(tickOf)).toEqual(['read', 'sent', 'read', 'delivered']);
    expect(read[1]!.readAt).toBeNull();
    // Staff's own read mark touches the peer's messages only.
    const staffRead = applyMark(thread, {
      type: 'chat.read',
      by: 'staff',
      upTo: '4',
      at: 'C',
      conversationId: '1',
      peerKind: 'shop',
      peerId: '9',
      appId: '7',
      areaId: '1',
      staffUnread: 0,
      peerUnread: 0,
    });
    expect(staffRead.map((m) => m.readAt)).toEqual([null, 'C', null, null]);
  });
});

describe('the conversation list', () => {
  it('sorts unread first, then by the newest message', () => {
    const list = [conv(1, 0, 50), conv(2, 3, 10), conv(3, 0, 55), conv(4, 1, 20)];
    expect(sortConversations(list, 'unread').map((c) => c.id)).toEqual(['4', '2', '3', '1']);
    expect(sortConversations(list, 'recent').map((c) => c.id)).toEqual(['3', '1', '4', '2']);
  });

  it('moves a conversation with a new message up and takes its counters', () => {
    const list = [conv(1, 0, 50), conv(2, 0, 10)];
    const message = msg(9, false, { conversationId: '2', body: 'hi\nthere', createdAt: '2026-11-26T04:00:00.000Z' });
    const next = applyToConversations(
      list,
      {
        type: 'chat.message',
        conversationId: '2',
        peerKind: 'shop',
        peerId: '20',
        appId: '7',
        areaId: '1',
        staffUnread: 1,
        peerUnread: 0,
        peerName: 'Shop 2',
        message,
      },
      'recent',
    );
    expect(next!.map((c) => c.id)).toEqual(['2', '1']);
    expect(next![0]).toMatchObject({ staffUnread: 1, lastMessagePreview: 'hi there', lastMessageAt: message.createdAt });
    expect(
      applyToConversations(
        list,
        {
          type: 'chat.message',
          conversationId: '99',
          peerKind: 'shop',
          peerId: '20',
          appId: '7',
          areaId: '1',
          staffUnread: 1,
          peerUnread: 0,
          peerName: 'x',
          message,
        },
        'recent',
      ),
    ).toBeNull();
  });

  it('makes distinct client ids', () => {
    expect(newClientId()).not.toBe(newClientId());
    expect(newClientId().length).toBeGreaterThanOrEqual(8);
  });
});
