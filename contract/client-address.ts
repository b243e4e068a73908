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
