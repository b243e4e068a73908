import 'server-only';
import { relayableChatEvent } from '@/lib/chat/events';
import { relayableEvent } from '@/lib/monitor/events';
import { relayableSupportEvent } from '@/lib/support/live-events';
import type { Relayable } from './live-relay';

/**
 * The live channels a screen can open with `GET /api/live/{service}?channel=<name>`: the screen's path below
 * `/Service/{service}` (its route rule and read flag guard the stream) and which upstream `/ws` messages reach the
 * browser, in which shape (null drops the message). A message belongs to one channel: the monitor never sees a chat.
 */
export interface LiveChannel {
  path: string;
  relayable: Relayable;
}

export const LIVE_CHANNELS: Record<string, LiveChannel> = {
  monitor: { path: '/Monitor/Biker', relayable: relayableEvent },
  chat: { path: '/Chat', relayable: relayableChatEvent },
  /** New support tickets and messages, for the shop tickets' list (its route and read flag guard the stream). */
  support: { path: '/SupportFromShop', relayable: relayableSupportEvent },
  supportPortal: { path: '/SupportFromPortal', relayable: relayableSupportEvent },
};
