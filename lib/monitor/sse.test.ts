import { describe, expect, it } from 'vitest';
import { sseComment, sseFrame } from './sse';

/** Reads frames back the way the WHATWG parser does: fields per line, a blank line ends an event. */
function parse(stream: string): { event?: string; data: string; id?: string; retry?: string }[] {
  const out: { event?: string; data: string; id?: string; retry?: string }[] = [];
  for (const block of stream.split('\n\n').filter((b) => b.length > 0)) {
    const fields: { event?: string; data?: string[]; id?: string; retry?: string } = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const i = line.indexOf(':');
      const name = line.slice(0, i);
      const value = line.slice(i + 1).replace(/^ /, '');
      if (name === 'data') (fields.data ??= []).push(value);
      else if (name === 'event' || name === 'id' || name === 'retry') fields[name] = value;
    }
    if (fields.data || fields.event || fields.retry) out.push({ ...fields, data: (fields.data ?? []).join('\n') });
  }
  return out;
}

describe('server-sent event framing', () => {
  it('writes a named JSON event that parses back to the same value', () => {
    const frame = sseFrame({ event: 'biker.presence', data: { bikerId: '7', presence: 'offline' }, id: '3' });
    expect(frame.endsWith('\n\n')).toBe(true);
    const [event] = parse(frame);
    expect(event?.event).toBe('biker.presence');
    expect(event?.id).toBe('3');
    expect(JSON.parse(event?.data ?? '')).toEqual({ bikerId: '7', presence: 'offline' });
  });

  it('splits multi-line data into data lines and keeps line breaks out of other fields', () => {
    const frame = sseFrame({ event: 'x\ny', data: 'one\ntwo\r\nthree' });
    expect(frame).toBe('event: x y\ndata: one\ndata: two\ndata: three\n\n');
    expect(parse(frame)[0]?.data).toBe('one\ntwo\nthree');
  });

  it('sends retry alone and ignores a bad retry value', () => {
    expect(sseFrame({ retry: 1000 })).toBe('retry: 1000\n\n');
    expect(sseFrame({ retry: -1, data: 'a' })).toBe('data: a\n\n');
  });

  it('writes comments that a parser skips', () => {
    const stream = sseComment('heartbeat') + sseComment('two\nlines') + sseFrame({ data: 'x' });
    expect(sseComment('heartbeat')).toBe(': heartbeat\n\n');
    expect(parse(stream)).toEqual([{ data: 'x' }]);
  });
});
