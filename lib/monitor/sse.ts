/**
 * Server-sent events framing (the WHATWG `text/event-stream` format): `event:`, `id:`, `retry:` and one `data:` line per
 * line of data, ended by a blank line; comments start with `:` and keep a quiet stream alive through proxies.
 */
export interface SseMessage {
  event?: string;
  /** A string is sent as is (split on line breaks); anything else as JSON. */
  data?: unknown;
  id?: string;
  /** How long the browser waits before reconnecting, in ms. */
  retry?: number;
}

/** Field values cannot hold line breaks: they would end the field. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

export function sseFrame({ event, data, id, retry }: SseMessage): string {
  let out = '';
  if (event) out += `event: ${oneLine(event)}\n`;
  if (id !== undefined) out += `id: ${oneLine(id)}\n`;
  if (retry !== undefined && Number.isInteger(retry) && retry >= 0) out += `retry: ${retry}\n`;
  if (data !== undefined) {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    for (const line of text.split(/\r\n|\r|\n/)) out += `data: ${line}\n`;
  }
  return `${out}\n`;
}

export function sseComment(text = ''): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => `: ${line}`.trimEnd())
    .join('\n')
    .concat('\n\n');
}

/** The named events the relay sends the browser besides the live events themselves (`order.event`, `biker.presence`). */
export const SSE_EVENTS = {
  /** Connected to the upstream: the browser re-reads the data it may have missed. */
  live: 'live',
  /** The upstream went away; the relay is trying again. */
  reconnecting: 'reconnecting',
  /** The stream ends on purpose (`reason`): the browser reconnects, or stops when the session is over. */
  end: 'end',
} as const;

/** `restart`: this portal instance is stopping; the browser reconnects (to another instance behind the same address). */
export type EndReason = 'renew' | 'reauth' | 'signed-out' | 'forbidden' | 'restart';
