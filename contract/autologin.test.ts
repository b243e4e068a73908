import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { signAutologinToken, verifyAutologinToken } from './autologin';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const NOW = 1_800_000_000;

function forge(secret: string, purpose: string, body: object): string {
  const first = Buffer.from(JSON.stringify(body)).toString('base64url');
  const sig = createHmac('sha256', secret).update(`${purpose}.${first}`).digest('base64url');
  return `${first}.${sig}`;
}

describe('auto-login tokens', async () => {
  it('accepts a token signed for the purpose, within the window', async () => {
    const token = await signAutologinToken(SECRET, 'portal', { uid: '7', author: 'franchise-1', exp: NOW + 60, nonce: 'n-123456789' }, NOW);
    const result = await verifyAutologinToken(SECRET, 'portal', token, NOW);
    expect(result).toEqual({ ok: true, payload: { uid: '7', exp: NOW + 60, nonce: 'n-123456789', author: 'franchise-1', iat: NOW } });
  });

  it('matches the contract byte for byte', async () => {
    const token = forge(SECRET, 'root', { uid: 'u1', exp: NOW + 10, nonce: 'abcdefgh' });
    expect((await verifyAutologinToken(SECRET, 'root', token, NOW)).ok).toBe(true);
  });

  it('rejects a tampered payload or signature', async () => {
    const token = await signAutologinToken(SECRET, 'portal', { uid: '7', exp: NOW + 60 }, NOW);
    const [first, sig] = token.split('.') as [string, string];
    const other = Buffer.from(JSON.stringify({ uid: '1', exp: NOW + 60, nonce: 'zzzzzzzzzz' })).toString('base64url');
    expect(await verifyAutologinToken(SECRET, 'portal', `${other}.${sig}`, NOW)).toEqual({ ok: false, reason: 'signature' });
    const flipped = (sig.startsWith('A') ? 'B' : 'A') + sig.slice(1);
    expect(await verifyAutologinToken(SECRET, 'portal', `${first}.${flipped}`, NOW)).toEqual({ ok: false, reason: 'signature' });
    expect((await verifyAutologinToken('another-secret-that-is-long-enough-000000', 'portal', token, NOW)).ok).toBe(false);
  });

  it('rejects another purpose', async () => {
    const token = await signAutologinToken(SECRET, 'shop', { uid: '7', exp: NOW + 60 }, NOW);
    expect(await verifyAutologinToken(SECRET, 'portal', token, NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it('rejects an expired token and one too far in the future', async () => {
    const expired = await signAutologinToken(SECRET, 'portal', { uid: '7', exp: NOW }, NOW);
    expect(await verifyAutologinToken(SECRET, 'portal', expired, NOW)).toEqual({ ok: false, reason: 'expired' });
    const future = await signAutologinToken(SECRET, 'portal', { uid: '7', exp: NOW + 301 }, NOW);
    expect(await verifyAutologinToken(SECRET, 'portal', future, NOW)).toEqual({ ok: false, reason: 'future' });
    const edge = await signAutologinToken(SECRET, 'portal', { uid: '7', exp: NOW + 300 }, NOW);
    expect((await verifyAutologinToken(SECRET, 'portal', edge, NOW)).ok).toBe(true);
  });

  it('rejects malformed tokens', async () => {
    for (const bad of ['', 'abc', 'a.b.c', '.sig', 'x'.repeat(3000), '%%%.%%%']) {
      expect((await verifyAutologinToken(SECRET, 'portal', bad, NOW)).ok).toBe(false);
    }
    const noNonce = forge(SECRET, 'portal', { uid: '7', exp: NOW + 60 });
    expect(await verifyAutologinToken(SECRET, 'portal', noNonce, NOW)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('enforces an issued-at claim when present', async () => {
    const early = forge(SECRET, 'portal', { uid: '7', exp: NOW + 60, nonce: 'abcdefgh', iat: NOW + 120 });
    expect(await verifyAutologinToken(SECRET, 'portal', early, NOW)).toEqual({ ok: false, reason: 'future' });
    const stale = forge(SECRET, 'portal', { uid: '7', exp: NOW + 60, nonce: 'abcdefgh', iat: NOW - 3600 });
    expect(await verifyAutologinToken(SECRET, 'portal', stale, NOW)).toEqual({ ok: false, reason: 'expired' });
  });

  it('carries the company and shop claims to the caller', async () => {
    const token = await signAutologinToken(SECRET, 'shop', { uid: '7', shop: '55', company: '3' }, NOW);
    const result = await verifyAutologinToken(SECRET, 'shop', token, NOW);
    expect(result.ok && result.payload.company).toBe('3');
    expect(result.ok && result.payload.shop).toBe('55');
  });
});
