import { beforeEach, describe, expect, it } from 'vitest';
import { POST as forgotPassword } from '@/app/api/admin/auth/ForgotPassword/route';
import { POST as inputOtp } from '@/app/api/admin/auth/InputOTP/route';
import { POST as isOtp } from '@/app/api/admin/auth/IsOTP/route';
import { RESET_COOKIE } from '@/lib/server/session-codec';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { cookieNamed, portalRequest } from './next-request';

const fake = withFakeUpstream();

beforeEach(() => {
  fake.on('POST', '/api/admin/auth/ForgotPassword', (req, res) => {
    const { input } = JSON.parse(req.body) as { input: string };
    // `spec`: the answer exactly as the spec gives it, `data` being the dataUser itself; `nulldata`: no data at all.
    if (input === 'spec') return sendJson(res, 200, { status: true, data: { ref: 'reset-ref-1' } });
    if (input === 'nulldata') return sendJson(res, 200, { status: true, data: null });
    if (input !== 'admin') return sendJson(res, 200, { status: false });
    sendJson(res, 200, { status: true, data: { dataUser: { ref: 'reset-ref-1' } } });
  });
  fake.on('POST', '/api/admin/auth/InputOTP', (req, res) => {
    const { OTP, dataUser } = JSON.parse(req.body) as { OTP: string; dataUser: { ref: string } };
    if (OTP !== '123456' || dataUser.ref !== 'reset-ref-1') return sendJson(res, 200, { status: false });
    sendJson(res, 200, { status: true, accessToken: 'reset-token-1' });
  });
  fake.on('POST', '/api/admin/auth/IsOTP', (req, res) => {
    const body = JSON.parse(req.body) as { accessToken: string; password: string; Cpassword: string };
    sendJson(res, 200, { status: body.accessToken === 'reset-token-1' && body.password === body.Cpassword });
  });
});

const step = async (handler: typeof forgotPassword, path: string, body: object, reset?: string) =>
  handler(portalRequest(path, { body, cookies: reset ? { [RESET_COOKIE]: reset } : undefined }));

describe('forgot password in three steps', () => {
  it('input → OTP → new password → login, the state only in a sealed cookie', async () => {
    const first = await step(forgotPassword, '/api/admin/auth/ForgotPassword', { input: 'admin' });
    expect(await first.json()).toEqual({ status: true });
    const reset1 = cookieNamed(first, RESET_COOKIE)!;
    expect(reset1.attributes).toMatch(/HttpOnly/i);
    expect(reset1.attributes).toMatch(/Max-Age=900/);
    expect(reset1.value).not.toContain('reset-ref-1');

    const second = await step(inputOtp, '/api/admin/auth/InputOTP', { OTP: '123456' }, reset1.value);
    const secondText = await second.text();
    expect(JSON.parse(secondText)).toEqual({ status: true });
    expect(secondText).not.toContain('reset-token-1');
    const reset2 = cookieNamed(second, RESET_COOKIE)!;

    const third = await step(isOtp, '/api/admin/auth/IsOTP', { password: 'New#2026', Cpassword: 'New#2026' }, reset2.value);
    expect(await third.json()).toEqual({ status: true, redirect: '/auth/login?reason=reset' });
    expect(cookieNamed(third, RESET_COOKIE)!.attributes).toMatch(/Max-Age=0/);
    expect(JSON.parse(fake.requests.at(-1)!.body)).toMatchObject({ accessToken: 'reset-token-1' });
  });

  it('takes the whole `data` as the dataUser when the upstream answers it as the spec says', async () => {
    const first = await step(forgotPassword, '/api/admin/auth/ForgotPassword', { input: 'spec' });
    expect(await first.json()).toEqual({ status: true });
    const second = await step(inputOtp, '/api/admin/auth/InputOTP', { OTP: '123456' }, cookieNamed(first, RESET_COOKIE)!.value);
    expect(await second.json()).toEqual({ status: true });
    expect(JSON.parse(fake.requests.at(-1)!.body)).toEqual({ OTP: '123456', dataUser: { ref: 'reset-ref-1' } });
    // No data at all is no account.
    expect(await (await step(forgotPassword, '/api/admin/auth/ForgotPassword', { input: 'nulldata' })).json()).toMatchObject({ status: false });
  });

  it("answers 'Wrong Email or Password' for an unknown user", async () => {
    const response = await step(forgotPassword, '/api/admin/auth/ForgotPassword', { input: 'nobody' });
    expect(await response.json()).toMatchObject({ status: false, message: 'Wrong Email or Password' });
    expect(cookieNamed(response, RESET_COOKIE)).toBeUndefined();
  });

  it("answers 'Wrong OTP' for a wrong code, a missing or forged state", async () => {
    const first = await step(forgotPassword, '/api/admin/auth/ForgotPassword', { input: 'admin' });
    const reset = cookieNamed(first, RESET_COOKIE)!.value;
    expect(await (await step(inputOtp, '/api/admin/auth/InputOTP', { OTP: '000000' }, reset)).json()).toMatchObject({ message: 'Wrong OTP' });
    expect(await (await step(inputOtp, '/api/admin/auth/InputOTP', { OTP: '123456' })).json()).toMatchObject({ message: 'Wrong OTP' });
    expect(await (await step(inputOtp, '/api/admin/auth/InputOTP', { OTP: '123456' }, 'forged')).json()).toMatchObject({ message: 'Wrong OTP' });
    // Step 3 without a verified OTP.
    const skipped = await step(isOtp, '/api/admin/auth/IsOTP', { password: 'Long#enough1', Cpassword: 'Long#enough1' }, reset);
    expect(await skipped.json()).toMatchObject({ status: false, message: 'Wrong OTP' });
    expect(fake.count('POST', '/api/admin/auth/IsOTP')).toBe(0);
  });

  it('refuses mismatched new passwords with the spec message', async () => {
    const response = await step(isOtp, '/api/admin/auth/IsOTP', { password: 'a', Cpassword: 'b' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "Password doesn't match. Please try again." });
  });
});

/** A step posted by the page's own form (scripts off): url-encoded, answered with a redirect. */
const formStep = async (handler: typeof forgotPassword, path: string, fields: Record<string, string>, reset?: string) =>
  handler(
    portalRequest(path, {
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies: reset ? { [RESET_COOKIE]: reset } : undefined,
    }),
  );

describe('forgot password without scripts: each step a form post answered with a redirect', () => {
  it('input → step 2 → step 3 → the sign-in page, nothing typed in any address', async () => {
    const first = await formStep(forgotPassword, '/api/admin/auth/ForgotPassword', { input: 'admin' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/auth/forgotpassword?step=2');
    const reset1 = cookieNamed(first, RESET_COOKIE)!.value;

    const second = await formStep(inputOtp, '/api/admin/auth/InputOTP', { OTP: '123456' }, reset1);
    expect(second.headers.get('location')).toBe('/auth/forgotpassword?step=3');
    const reset2 = cookieNamed(second, RESET_COOKIE)!.value;

    const third = await formStep(isOtp, '/api/admin/auth/IsOTP', { password: 'New#2026x', Cpassword: 'New#2026x' }, reset2);
    expect(third.status).toBe(303);
    expect(third.headers.get('location')).toBe('/auth/login?reason=reset');
    expect(cookieNamed(third, RESET_COOKIE)!.attributes).toMatch(/Max-Age=0/);
    for (const response of [first, second, third]) expect(response.headers.get('location')).not.toMatch(/admin|123456|New#2026/);
  });

  it('goes back to the step with a code the page translates: unknown account, wrong code, short or mismatched password', async () => {
    expect((await formStep(forgotPassword, '/api/admin/auth/ForgotPassword', { input: 'nobody' })).headers.get('location')).toBe(
      '/auth/forgotpassword?error=credentials',
    );
    const reset = cookieNamed(await formStep(forgotPassword, '/api/admin/auth/ForgotPassword', { input: 'admin' }), RESET_COOKIE)!.value;
    expect((await formStep(inputOtp, '/api/admin/auth/InputOTP', { OTP: '000000' }, reset)).headers.get('location')).toBe(
      '/auth/forgotpassword?step=2&error=otp',
    );
    expect((await formStep(isOtp, '/api/admin/auth/IsOTP', { password: 'short', Cpassword: 'short' }, reset)).headers.get('location')).toBe(
      '/auth/forgotpassword?step=3&error=short',
    );
    expect((await formStep(isOtp, '/api/admin/auth/IsOTP', { password: 'Long#enough1', Cpassword: 'Long#enough2' }, reset)).headers.get('location')).toBe(
      '/auth/forgotpassword?step=3&error=mismatch',
    );
    expect(fake.count('POST', '/api/admin/auth/IsOTP')).toBe(0);
  });

  it('refuses a form posted from another site', async () => {
    const response = await forgotPassword(
      portalRequest('/api/admin/auth/ForgotPassword', {
        body: 'input=admin',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      }),
    );
    expect(response.headers.get('location')).toBe('/auth/forgotpassword?error=unavailable');
    expect(fake.count('POST', '/api/admin/auth/ForgotPassword')).toBe(0);
  });
});

describe('rate limits', () => {
  it('answers 429 past 20 reset requests for one account in 15 minutes, translated and without asking the Platform API', async () => {
    const account = `limited.${Date.now()}`;
    for (let i = 0; i < 20; i++) expect((await step(forgotPassword, '/api/admin/auth/ForgotPassword', { input: account })).status).toBe(200);
    const before = fake.requests.length;
    const over = await step(forgotPassword, '/api/admin/auth/ForgotPassword', { input: account });
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ status: false, code: 'tooManyRequests' });
    expect(fake.requests.length).toBe(before);
    // Another account is not held back.
    expect((await step(forgotPassword, '/api/admin/auth/ForgotPassword', { input: `${account}.other` })).status).toBe(200);
  });
});
