import { describe, expect, it } from 'vitest';
import { LIVE_CHANNELS } from '@/lib/server/live-channels';
import { relayableChatEvent } from './events';

const message = (appId: number) => ({
  type: 'chat.message',
  conversationId: '4',
  peerKind: 'shop',
  peerId: '9',
  appId: String(appId),
  areaId: '2',
  staffUnread: 1,
  peerUnread: 0,
  peerName: 'Noodle House',
  message: {
    id: '31',
    conversationId: '4',
    fromStaff: false,
    senderUserId: null,
    body: 'Hello',
    imageUrl: null,
    clientId: 'abc-12345678',
    deliveredAt: null,
    readAt: null,
    createdAt: '2026-11-26T03:00:00.000Z',
  },
  scope: { companyId: 1, appId, areaId: 2 },
});
const read = {
  type: 'chat.read',
  conversationId: '4',
  peerKind: 'shop',
  peerId: '9',
  appId: '7',
  areaId: '2',
  staffUnread: 0,
  peerUnread: 0,
  by: 'peer',
  upTo: '31',
  at: '2026-11-26T03:00:01.000Z',
  scope: { companyId: 1, appId: 7, areaId: 2 },
};

describe('the chat live channel', () => {
  it('is the Chat screen’s and relays chat events through its own filter', () => {
    expect(LIVE_CHANNELS.chat?.path).toBe('/Chat');
    expect(LIVE_CHANNELS.chat?.relayable(message(7), '7')).toMatchObject({ type: 'chat.message', message: { id: '31' } });
  });

  it('passes chat events of the app in the contract’s shape, without the bus scope', () => {
    const event = relayableChatEvent(message(7), '7');
    expect(event).toMatchObject({ type: 'chat.message', conversationId: '4', staffUnread: 1 });
    expect(event).not.toHaveProperty('scope');
    expect(relayableChatEvent(read, '7')).toMatchObject({ type: 'chat.read', by: 'peer', upTo: '31' });
    expect(relayableChatEvent({ ...read, type: 'chat.delivered' }, '7')).toMatchObject({ type: 'chat.delivered' });
  });

  it('drops other apps, other types, and malformed events', () => {
    expect(relayableChatEvent(message(8), '7')).toBeNull();
    expect(relayableChatEvent({ ...message(7), type: 'order.event' }, '7')).toBeNull();
    expect(relayableChatEvent({ ...message(7), type: 'chat.typing' }, '7')).toBeNull();
    expect(relayableChatEvent({ ...message(7), message: { id: '31' } }, '7')).toBeNull();
    expect(relayableChatEvent({ ...read, by: 'someone' }, '7')).toBeNull();
    expect(relayableChatEvent(null, '7')).toBeNull();
  });

  it('is not the monitor’s: the monitor channel drops chat events', () => {
    expect(LIVE_CHANNELS.monitor?.relayable(message(7), '7')).toBeNull();
  });
});
