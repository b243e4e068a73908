import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { CLIENT_ADDRESS_MAX_AGE_SECONDS, CLIENT_ADDRESS_SIG_HEADER, clientAddressText } from '@contract/client-address';

/**
 * The address the portal vouches for: `X-Forwarded-For` (one address) with a valid `X-Client-Address-Sig` keyed with
 * the shared secret, at most 5 minutes old (contract/client-address.ts). Any other caller's header is theirs to
 * write, so it gives no address.
 */
export function signedClientAddress(headers: { forwarded?: string; signature?: string }, secret: string, nowMs: number): string | null {
  const ip = headers.forwarded?.trim();
  const match = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(headers.signature ?? '');
  if (!ip || ip.length > 45 || !/^[0-9A-Fa-f:.]{2,45}$/.test(ip) || !match) return null;
  const seconds = Number(match[1]);
  if (Math.abs(nowMs / 1000 - seconds) > CLIENT_ADDRESS_MAX_AGE_SECONDS) return null;
  const expected = createHmac('sha256', secret).update(clientAddressText(ip, seconds)).digest();
  const given = Buffer.from(match[2]!, 'hex');
  return timingSafeEqual(expected, given) ? ip : null;
}

/** The caller's user agent and address (only the portal's signed one: see `signedClientAddress`). */
export function clientOf(c: Context, secret: string, nowMs = Date.now()): { userAgent: string | null; ip: string | null } {
  const ip = signedClientAddress({ forwarded: c.req.header('x-forwarded-for'), signature: c.req.header(CLIENT_ADDRESS_SIG_HEADER) }, secret, nowMs);
  return { userAgent: c.req.header('user-agent') ?? null, ip };
}
