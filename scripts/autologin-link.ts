/**
 * Prints a signed auto-login link (ARCHITECTURE.md section 5) for another portal to hand to a user:
 *
 *   npm run autologin-link -- --purpose portal --uid 1 [--to /path] [--author name] [--shop id]
 *                             [--base http://127.0.0.1:3000] [--ttl 120]
 *
 * The secret is AUTOLOGIN_SECRET (the development secret in .data/ when unset). The link works once, within --ttl
 * seconds (at most 300).
 */
import { parseArgs } from 'node:util';
import { AUTOLOGIN_MAX_AHEAD_SECONDS, AUTOLOGIN_PURPOSES, signAutologinToken, type AutologinPurpose } from '../contract/autologin';
import { safeRedirectTarget } from '../lib/redirect';
import { getSecret } from '../runtime/secrets';

const ENTRY: Record<AutologinPurpose, string> = { root: '/autologinRoot', portal: '/autologinPortal', shop: '/autologinShop' };

function fail(message: string): never {
  console.error(message);
  console.error(
    'Usage: npm run autologin-link -- --purpose root|portal|shop --uid <uid> [--to /path] [--author name] [--shop id] [--base url] [--ttl seconds]',
  );
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    purpose: { type: 'string', default: 'portal' },
    uid: { type: 'string' },
    to: { type: 'string' },
    author: { type: 'string' },
    shop: { type: 'string' },
    base: { type: 'string', default: process.env.PORTAL_URL ?? 'http://127.0.0.1:3000' },
    ttl: { type: 'string', default: '120' },
  },
});

const purpose = values.purpose as AutologinPurpose;
if (!AUTOLOGIN_PURPOSES.includes(purpose)) fail(`--purpose must be one of ${AUTOLOGIN_PURPOSES.join(', ')}.`);
if (!values.uid) fail('--uid is required.');
const ttl = Number(values.ttl);
if (!Number.isInteger(ttl) || ttl < 1 || ttl > AUTOLOGIN_MAX_AHEAD_SECONDS) fail(`--ttl must be 1–${AUTOLOGIN_MAX_AHEAD_SECONDS} seconds.`);
if (purpose === 'shop' && !values.shop) fail('--shop is required for a shop link.');
const to = values.to === undefined ? null : safeRedirectTarget(values.to);
if (values.to !== undefined && !to) fail('--to must be a path on the portal, such as /Service/Delivery/Dashboard.');

const token = await signAutologinToken(getSecret('AUTOLOGIN_SECRET'), purpose, {
  uid: values.uid,
  exp: Math.floor(Date.now() / 1000) + ttl,
  author: values.author,
  shop: values.shop,
});
const url = new URL(ENTRY[purpose], values.base);
url.searchParams.set('token', token);
if (to) url.searchParams.set('to', to);
console.log(url.toString());
