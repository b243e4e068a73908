import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { APP_KEY_HEADER } from '@contract/app-channel';
import type { AppDeps, AppEnv } from './env';
import { forbidden } from './errors';

/** Constant-time comparison of two strings of any length. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The app channel (`/api/app/…`): calls that stand for the member, shop and biker apps need the channel's key
 * besides a bearer token. A back-office session alone (the portal's) never passes: 403.
 */
export function requireAppKey(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!sameSecret(c.req.header(APP_KEY_HEADER) ?? '', deps.config.appApiKey)) throw forbidden();
    await next();
  };
}
