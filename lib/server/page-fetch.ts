import 'server-only';
import { redirect } from 'next/navigation';
import type { z } from 'zod';
import { getSession } from './session';
import { isUpstreamError, upstreamFetch, type ExchangeOptions } from './upstream';

export interface PageFetchOptions<S extends z.ZodType> extends Pick<ExchangeOptions, 'query' | 'signal'> {
  schema: S;
  /** The page being rendered: where the user comes back to after signing in again. */
  returnTo: string;
}

/**
 * An upstream read from a server component. Cookies cannot be written while rendering, so a 401 that no refresh
 * already answered sends the user to sign in again (`/clearcookies?reason=expired&to=…`). Other failures throw
 * `UpstreamError` for the error page.
 */
export async function fetchForPage<S extends z.ZodType>(path: string, options: PageFetchOptions<S>): Promise<z.infer<S>> {
  const to = encodeURIComponent(options.returnTo);
  const session = await getSession();
  if (!session) redirect(`/auth/login?to=${to}`);
  try {
    return await upstreamFetch(path, { schema: options.schema, query: options.query, signal: options.signal, session });
  } catch (error) {
    if (isUpstreamError(error) && error.code === 'session-ended') redirect(`/clearcookies?reason=expired&to=${to}`);
    throw error;
  }
}
