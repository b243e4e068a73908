import { supportEventSchema, type SupportEvent } from '@contract/resources/support';
import { eventAppId } from '@/lib/monitor/events';

/**
 * An upstream `/ws` message → the event a support list gets, or null: only `support.*` events of the service's app
 * (an admin's socket carries every app of the company), in the contract's shape, without the bus scope.
 */
export function relayableSupportEvent(message: Record<string, unknown> | null, appId: string): SupportEvent | null {
  if (!message || typeof message.type !== 'string' || !message.type.startsWith('support.')) return null;
  if (eventAppId(message) !== appId) return null;
  const parsed = supportEventSchema.safeParse(message);
  return parsed.success ? parsed.data : null;
}
