/**
 * How the portal tells the Platform API the browser's address: `X-Forwarded-For` with that one address (taken only
 * behind a trusted proxy, `TRUST_PROXY=1`), and beside it `X-Client-Address-Sig: {unix seconds}.{hex HMAC-SHA256}` of
 * `clientAddressText(address, seconds)`, keyed with the secret both share (`AUTOLOGIN_SECRET`). The Platform API
 * records an address (device sessions, sign-in records, the audit log) only with a valid signature at most
 * `CLIENT_ADDRESS_MAX_AGE_SECONDS` old; any other caller's `X-Forwarded-For` is ignored.
 */
export const CLIENT_ADDRESS_SIG_HEADER = 'x-client-address-sig';
export const CLIENT_ADDRESS_MAX_AGE_SECONDS = 300;
export const clientAddressText = (address: string, seconds: number) => `client-address:${address}:${seconds}`;

/**
 * The bucket an address's attempts count in: an IPv4 address as it is, an IPv6 address by its /64 network (one
 * subscriber's allocation, whose addresses cost nothing to change), an IPv4-mapped IPv6 address as its IPv4 one.
 * Anything else (a name, garbage) counts as it is, lower-cased.
 */
export function addressBucket(address: string): string {
  const raw = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(raw);
  if (mapped) return mapped[1]!;
  if (!raw.includes(':')) return raw;
  const groups = expandIpv6(raw.split('%')[0]!);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : raw;
}

function expandIpv6(text: string): string[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string | undefined) => (s ? s.split(':') : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => g.replace(/^0+(?=.)/, ''));
}
