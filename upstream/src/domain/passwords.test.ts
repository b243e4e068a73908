import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './passwords';

const cost = { N: 1024, r: 8, p: 1, keyLength: 32 };

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('Staff#2026', cost);
    expect(hash.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('Staff#2026', hash)).toBe(true);
    expect(await verifyPassword('Staff#2027', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same', cost)).not.toBe(await hashPassword('same', cost));
  });

  it('rejects malformed stored hashes', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$0$8$1$abc$def')).toBe(false);
  });

  it('asks for a rehash only of a hash made with a lower cost', async () => {
    const hash = await hashPassword('same', cost);
    expect(needsRehash(hash, cost)).toBe(false);
    expect(needsRehash(hash, { ...cost, N: 2048 })).toBe(true);
    expect(needsRehash(hash, { ...cost, N: 512 })).toBe(false);
    expect(needsRehash('plain', cost)).toBe(true);
  });
});
