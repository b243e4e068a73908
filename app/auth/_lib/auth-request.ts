import { z } from 'zod';

/** What the portal's auth endpoints answer (they never carry a token). */
export const authAnswerSchema = z.object({
  status: z.boolean(),
  redirect: z.string().optional(),
  message: z.string().optional(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export type AuthResult =
  { ok: true; redirect?: string } | { ok: false; httpStatus: number; code?: string; message?: string; errors?: Record<string, string[]>; offline?: boolean };

/** Auth endpoints the forms call (same origin, JSON). */
export type AuthPath = 'login' | 'register' | 'ForgotPassword' | 'InputOTP' | 'IsOTP';

/** POSTs to `/api/admin/auth/{path}`; never throws: a network failure or an unreadable answer is a failed result. */
export async function postAuth(path: AuthPath, body: unknown): Promise<AuthResult> {
  let response: Response;
  try {
    response = await fetch(`/api/admin/auth/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    return { ok: false, httpStatus: 0, offline: true };
  }
  const parsed = authAnswerSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) return { ok: false, httpStatus: response.ok ? 502 : response.status };
  const answer = parsed.data;
  if (response.ok && answer.status) return { ok: true, redirect: answer.redirect };
  return { ok: false, httpStatus: response.status, code: answer.code, message: answer.message, errors: answer.errors };
}
