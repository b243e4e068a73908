import { compactVerify, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

/** Claims of an access token: who, which session (and its generation), and the tenant scope. */
export interface AccessClaims {
  uid: string;
  sid: string;
  gen: number;
  role: 'admin' | 'staff';
  root: boolean;
  companies: string;
  office: string;
  appid: string;
  apptype: string;
  area: string;
}

const accessPayloadSchema = z.object({
  typ: z.literal('access'),
  sub: z.string().min(1),
  sid: z.string().min(1),
  gen: z.number().int().positive(),
  role: z.enum(['admin', 'staff']),
  root: z.boolean(),
  cid: z.string().min(1),
  oid: z.string().min(1),
  app: z.string(),
  atype: z.string(),
  area: z.string(),
  iat: z.number(),
  exp: z.number(),
});

const resetPayloadSchema = z.object({ typ: z.literal('reset'), ref: z.string().min(1), exp: z.number() });

export const secretKey = (secret: string): Uint8Array => new TextEncoder().encode(secret);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function signAccessToken(key: Uint8Array, claims: AccessClaims, now: Date, expiresIn: number): Promise<string> {
  return new SignJWT({
    typ: 'access',
    sid: claims.sid,
    gen: claims.gen,
    role: claims.role,
    root: claims.root,
    cid: claims.companies,
    oid: claims.office,
    app: claims.appid,
    atype: claims.apptype,
    area: claims.area,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.uid)
    .setIssuedAt(seconds(now))
    .setExpirationTime(seconds(now) + expiresIn)
    .sign(key);
}

function toClaims(p: z.infer<typeof accessPayloadSchema>): AccessClaims & { exp: number } {
  return {
    uid: p.sub,
    sid: p.sid,
    gen: p.gen,
    role: p.role,
    root: p.root,
    companies: p.cid,
    office: p.oid,
    appid: p.app,
    apptype: p.atype,
    area: p.area,
    exp: p.exp,
  };
}

/** Signature, algorithm, type and expiry; null for anything else. */
export async function verifyAccessToken(key: Uint8Array, token: string, now: Date): Promise<(AccessClaims & { exp: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now });
    const parsed = accessPayloadSchema.safeParse(payload);
    return parsed.success ? toClaims(parsed.data) : null;
  } catch {
    return null;
  }
}

/** Signature and type only, so an expired token of a live session can be refreshed. */
export async function readSignedAccessToken(key: Uint8Array, token: string): Promise<(AccessClaims & { exp: number }) | null> {
  try {
    const { payload, protectedHeader } = await compactVerify(token, key, { algorithms: ['HS256'] });
    if (protectedHeader.alg !== 'HS256') return null;
    const parsed = accessPayloadSchema.safeParse(JSON.parse(new TextDecoder().decode(payload)));
    return parsed.success ? toClaims(parsed.data) : null;
  } catch {
    return null;
  }
}

export function signResetToken(key: Uint8Array, ref: string, now: Date, ttlSeconds: number): Promise<string> {
  return new SignJWT({ typ: 'reset', ref })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(seconds(now))
    .setExpirationTime(seconds(now) + ttlSeconds)
    .sign(key);
}

export async function verifyResetToken(key: Uint8Array, token: string, now: Date): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now });
    const parsed = resetPayloadSchema.safeParse(payload);
    return parsed.success ? parsed.data.ref : null;
  } catch {
    return null;
  }
}
