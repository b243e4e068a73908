import { describe, expect, it } from 'vitest';
import { readSignedAccessToken, secretKey, signAccessToken, signResetToken, verifyAccessToken, verifyResetToken } from './tokens';

const key = secretKey('k'.repeat(40));
const other = secretKey('o'.repeat(40));
const claims = {
  uid: '7',
  sid: 's1',
  gen: 1,
  role: 'staff' as const,
  root: false,
  companies: '1',
  office: '1',
  appid: '2',
  apptype: 'Delivery',
  area: '3',
};
const now = new Date('2026-01-01T00:00:00Z');
const later = (s: number) => new Date(now.getTime() + s * 1000);

describe('access tokens', () => {
  it('round-trips the claims until expiry', async () => {
    const token = await signAccessToken(key, claims, now, 60);
    expect(await verifyAccessToken(key, token, later(30))).toMatchObject(claims);
    expect(await verifyAccessToken(key, token, later(61))).toBeNull();
    expect(await verifyAccessToken(other, token, later(1))).toBeNull();
  });

  it('reads an expired token for refresh but never a forged one', async () => {
    const token = await signAccessToken(key, claims, now, 60);
    expect(await readSignedAccessToken(key, token)).toMatchObject({ sid: 's1', gen: 1 });
    expect(await readSignedAccessToken(other, token)).toBeNull();
    const [h, p] = token.split('.');
    expect(await readSignedAccessToken(key, `${h}.${p}.`)).toBeNull();
  });

  it('keeps reset and access tokens apart', async () => {
    const reset = await signResetToken(key, 'ref1', now, 600);
    expect(await verifyResetToken(key, reset, later(10))).toBe('ref1');
    expect(await verifyAccessToken(key, reset, later(10))).toBeNull();
    const access = await signAccessToken(key, claims, now, 60);
    expect(await verifyResetToken(key, access, later(10))).toBeNull();
    expect(await verifyResetToken(key, reset, later(601))).toBeNull();
  });
});
