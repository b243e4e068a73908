import { isChunkLoadError } from '../chunk-reload';

/**
 * What an error boundary can safely tell the user about an error. Server errors reach the browser masked except
 * for their `digest`; the upstream client's errors carry `UPSTREAM_<CODE>` or `UPSTREAM_<status>` there.
 */
export type ErrorKind = 'chunk' | 'upstreamDown' | 'upstreamTimeout' | 'upstreamMalformed' | 'sessionEnded' | 'notAuthorized' | 'generic';

const BY_CODE: Record<string, ErrorKind> = {
  UNREACHABLE: 'upstreamDown',
  '502': 'upstreamDown',
  '503': 'upstreamDown',
  TIMEOUT: 'upstreamTimeout',
  '504': 'upstreamTimeout',
  MALFORMED: 'upstreamMalformed',
  SESSION_ENDED: 'sessionEnded',
  '401': 'sessionEnded',
  '403': 'notAuthorized',
};

function field(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[name] : undefined;
}

export function errorKindOf(error: unknown): ErrorKind {
  if (isChunkLoadError(error)) return 'chunk';
  const digest = field(error, 'digest');
  const match = typeof digest === 'string' ? /^UPSTREAM_([A-Z0-9_]+)$/.exec(digest) : null;
  if (match) return BY_CODE[match[1]!] ?? 'generic';
  if (field(error, 'name') === 'UpstreamError') {
    const code = String(field(error, 'code') ?? '')
      .toUpperCase()
      .replace('-', '_');
    const status = String(field(error, 'status') ?? '');
    return BY_CODE[code] ?? BY_CODE[status] ?? 'generic';
  }
  return 'generic';
}

/** A short reference the user can quote to support (the server log carries the same digest). */
export function errorReference(error: unknown): string | null {
  const digest = field(error, 'digest');
  return typeof digest === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(digest) ? digest : null;
}
