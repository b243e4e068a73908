import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '@contract/image-paths';

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

/** Why an upload was refused: a validation code of the file (`notAnImage`, `imageTooLarge`, …), or the call's. */
export type UploadRefusal = string | 'notAllowed' | 'uploadFailed';

/**
 * Uploads one image file to an upload path of the BFF (contract/images.ts) as its bytes and answers its key, or why it
 * was refused. A file that is not of the accepted types or over the size limit is refused here, without a call.
 */
export async function uploadImage(path: string, file: File): Promise<{ key: string } | { refused: UploadRefusal }> {
  if (!(Object.values(IMAGE_TYPES) as string[]).includes(file.type)) return { refused: 'notAnImage' };
  if (file.size > MAX_IMAGE_BYTES) return { refused: 'imageTooLarge' };
  try {
    const res = await fetch(path, { method: 'POST', body: file, headers: { 'content-type': 'application/octet-stream' }, credentials: 'same-origin' });
    const answer = (await res.json().catch(() => null)) as { data?: { key?: string }; errors?: Record<string, string[]> } | null;
    if (res.ok && answer?.data?.key) return { key: answer.data.key };
    if (res.status === 413) return { refused: 'imageTooLarge' };
    if (res.status === 403) return { refused: 'notAllowed' };
    return { refused: answer?.errors?.file?.[0] ?? 'uploadFailed' };
  } catch {
    return { refused: 'uploadFailed' };
  }
}
