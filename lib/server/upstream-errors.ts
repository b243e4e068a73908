import 'server-only';

/** Errors of the upstream client. `digest` survives Next's production error masking, so error pages can tell them apart. */
export type UpstreamErrorCode = 'unreachable' | 'timeout' | 'malformed' | 'session-ended' | 'failed';

export const UPSTREAM_MESSAGES = {
  unreachable: 'The Platform API cannot be reached. Try again in a moment.',
  timeout: 'The Platform API took too long to answer.',
  malformed: 'The Platform API gave an answer the portal cannot read.',
  'session-ended': 'Your session has ended. Please sign in again.',
} as const;

export class UpstreamError extends Error {
  readonly digest: string;

  constructor(
    readonly status: number,
    message: string,
    readonly code: UpstreamErrorCode = 'failed',
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'UpstreamError';
    this.digest = code === 'failed' ? `UPSTREAM_${status}` : `UPSTREAM_${code.toUpperCase().replace('-', '_')}`;
  }

  static unreachable(): UpstreamError {
    return new UpstreamError(502, UPSTREAM_MESSAGES.unreachable, 'unreachable');
  }

  static timeout(): UpstreamError {
    return new UpstreamError(504, UPSTREAM_MESSAGES.timeout, 'timeout');
  }

  static malformed(): UpstreamError {
    return new UpstreamError(502, UPSTREAM_MESSAGES.malformed, 'malformed');
  }

  static sessionEnded(): UpstreamError {
    return new UpstreamError(401, UPSTREAM_MESSAGES['session-ended'], 'session-ended');
  }
}

export function isUpstreamError(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError;
}

/**
 * The upstream could not answer (down, slow, unreadable) or failed on its side (a 5xx: its database restarting, say):
 * the session is kept, the user may retry. Only an answer about the session itself (401 after a refresh, 403) ends it.
 */
export function isUpstreamUnavailable(error: unknown): boolean {
  return isUpstreamError(error) && (error.code === 'unreachable' || error.code === 'timeout' || error.code === 'malformed' || error.status >= 500);
}
