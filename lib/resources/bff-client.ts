/** The browser's calls to the BFF (`/api/admin/...`): JSON in, JSON out, failures thrown with their body. */
export class BffError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'object' && body && 'message' in body && typeof body.message === 'string' ? body.message : `HTTP ${status}`);
    this.name = 'BffError';
  }
}

export const isBffError = (error: unknown): error is BffError => error instanceof BffError;

/**
 * The message key (below `resource.`) that says why an action failed: refused for want of a permission, refused
 * because other rows still point at the row (`IN_USE`), or anything else.
 */
export function failureKey(error: unknown): 'notAllowed' | 'inUse' | 'actionFailed' {
  if (!isBffError(error)) return 'actionFailed';
  if (error.status === 403) return 'notAllowed';
  if (error.status === 409 && error.message === 'IN_USE') return 'inUse';
  return 'actionFailed';
}

export async function bffJson<T = unknown>(path: string, options: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers: options.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = { message: text };
  }
  if (!response.ok) throw new BffError(response.status, body);
  return body as T;
}
