import type { Context } from 'hono';

/** The caller's user agent and address: the right-most `X-Forwarded-For` entry, the one the portal (or a proxy) added. */
export function clientOf(c: Context): { userAgent: string | null; ip: string | null } {
  const forwarded = c.req
    .header('x-forwarded-for')
    ?.split(',')
    .map((h) => h.trim())
    .filter(Boolean)
    .at(-1);
  return { userAgent: c.req.header('user-agent') ?? null, ip: forwarded && forwarded.length <= 45 ? forwarded : null };
}
