import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
  keyLength: number;
}

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

const maxmemFor = (cost: ScryptCost) => 256 * cost.N * cost.r + 1024 * 1024;

/** `scrypt$N$r$p$salt$hash` (base64url); the cost travels with the hash so it can be raised later. */
export async function hashPassword(password: string, cost: ScryptCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, cost.keyLength, { N: cost.N, r: cost.r, p: cost.p, maxmem: maxmemFor(cost) });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

let verifications = 0;
/** How many password hashes this process has checked (what the lockout bounds; read by the tests). */
export const passwordVerifications = (): number => verifications;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  verifications += 1;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  const cost = { N, r, p, keyLength: expected.length };
  const key = await scrypt(password, salt, expected.length, { N, r, p, maxmem: maxmemFor(cost) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Whether a stored hash was made with a lower cost than `cost` asks (then a successful sign-in rehashes it). */
export function needsRehash(stored: string, cost: ScryptCost): boolean {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return true;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const keyLength = Buffer.from(parts[5]!, 'base64url').length;
  return N < cost.N || r < cost.r || p < cost.p || keyLength < cost.keyLength;
}

/** A hash of a random password: login against a missing user costs as much as against a real one. */
let decoy: Promise<string> | null = null;
export function decoyHash(cost: ScryptCost): Promise<string> {
  decoy ??= hashPassword(randomBytes(12).toString('base64url'), cost);
  return decoy;
}
