import { CHAT_EVENT_TYPES, chatEventSchema, type ChatEvent } from '@contract/resources/chat';
import { eventAppId } from '@/lib/monitor/events';

const CHAT_TYPES: ReadonlySet<string> = new Set(CHAT_EVENT_TYPES);

/**
 * An upstream `/ws` message → the chat event the browser gets (the `chat` live channel), or null: only `chat.*`
 * events, only of the service's app (an admin's socket carries every app of the company), only in the contract's
 * shape. The bus scope is left out.
 */
export function relayableChatEvent(message: Record<string, unknown> | null, appId: string): ChatEvent | null {
  if (!message || typeof message.type !== 'string' || !CHAT_TYPES.has(message.type)) return null;
  if (eventAppId(message) !== appId) return null;
  const parsed = chatEventSchema.safeParse(message);
  return parsed.success ? parsed.data : null;
}
