import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * The one-time code of an outbox message is never kept in plain text: the message's body names it by a mask, and the
 * code itself is sealed (AES-256-GCM, a key derived from the server's signing key, the message's reference as the
 * additional data). Whoever delivers the message (a mailer, the development outbox) unseals it with the same key; a
 * copy of the database alone reads neither.
 */
export const CODE_MASK = '••••••';
const keyOf = (serverKey: Uint8Array) => createHmac('sha256', serverKey).update('outbox-code-seal').digest();

export function sealCode(serverKey: Uint8Array, ref: string, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverKey), iv);
  cipher.setAAD(Buffer.from(ref));
  const sealed = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** The code, or null when the seal is not ours (another key, another reference, altered). */
export function unsealCode(serverKey: Uint8Array, ref: string, sealed: string | null): string | null {
  if (!sealed?.startsWith('v1.')) return null;
  const raw = Buffer.from(sealed.slice(3), 'base64url');
  if (raw.length < 29) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverKey), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(ref));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
