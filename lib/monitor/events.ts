import { liveEventSchema, type LiveEvent } from './schema';

/** The upstream `/ws` message types the relay forwards to the browser. */
export const RELAYED_TYPES: ReadonlySet<string> = new Set(['order.event', 'biker.presence']);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A WebSocket text frame as JSON; null when it is not a JSON object. */
export function parseFrame(data: unknown): Record<string, unknown> | null {
  const text = typeof data === 'string' ? data : data instanceof Uint8Array || data instanceof ArrayBuffer ? new TextDecoder().decode(data) : null;
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/** The app an upstream event belongs to: the bus's `scope.appId`, else the event's own `appId`. */
export function eventAppId(message: Record<string, unknown>): string | null {
  const scope = message.scope;
  const fromScope = isRecord(scope) ? scope.appId : undefined;
  const value = fromScope ?? message.appId;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/**
 * An upstream message → the event the browser gets, or null: only `order.event` and `biker.presence`, only of the
 * service's app (an admin's socket carries every app of the company), only in the contract's shape. The bus scope is
 * left out.
 */
export function relayableEvent(message: Record<string, unknown> | null, appId: string): LiveEvent | null {
  if (!message || typeof message.type !== 'string' || !RELAYED_TYPES.has(message.type)) return null;
  if (eventAppId(message) !== appId) return null;
  const parsed = liveEventSchema.safeParse(message);
  return parsed.success ? parsed.data : null;
}
