import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox } from '../src/db/schema';
import { deliverable } from '../src/domain/otp';
import { startTestServer, type TestServer } from './helpers';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(async () => {
  await api?.close();
});

const FORGOT = '/api/admin/auth/ForgotPassword';
const INPUT = '/api/admin/auth/InputOTP';
const IS = '/api/admin/auth/IsOTP';

async function requestCode(input: string): Promise<{ ref: string; otp: string }> {
  const res = await api.post(FORGOT, { input });
  expect(res.body.status).toBe(true);
  const ref = res.body.data.dataUser as string;
  const outbox = await api.get(`/api/dev/outbox?dataUser=${encodeURIComponent(ref)}`);
  expect(outbox.status).toBe(200);
  return { ref, otp: outbox.body.data.otp };
}

const wrongCode = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, '0');

describe('ForgotPassword', () => {
  it('answers the same way for known and unknown users', async () => {
    const known = await api.post(FORGOT, { input: 'staff.cnx' });
    const unknown = await api.post(FORGOT, { input: 'nobody@nowhere.example' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(Object.keys(known.body)).toEqual(Object.keys(unknown.body));
    expect(known.body.data.dataUser).toMatch(/^[\w-]{20,}$/);
    expect(unknown.body.data.dataUser).toMatch(/^[\w-]{20,}$/);
    // an unknown user's reference never validates and has no message
    expect((await api.post(INPUT, { OTP: '123456', dataUser: unknown.body.data.dataUser })).body).toEqual({ status: false, message: 'Wrong OTP' });
    expect((await api.get(`/api/dev/outbox?dataUser=${unknown.body.data.dataUser}`)).status).toBe(404);
  });

  it('puts a 6-digit code in the outbox for the e-mail address, and logs it in development', async () => {
    const { ref, otp } = await requestCode('staff.cnx@demo-company.example');
    expect(otp).toMatch(/^\d{6}$/);
    const outbox = await api.get(`/api/dev/outbox?dataUser=${ref}`);
    expect(outbox.body.data.recipient).toBe('staff.cnx@demo-company.example');
    expect(outbox.body.data.body).toContain(otp);
    expect(api.logs.some((line) => line.includes(otp) && line.includes('staff.cnx'))).toBe(true);
  });
});

describe('InputOTP and IsOTP', () => {
  it('resets the password once; the old password stops working and sessions end', async () => {
    const before = await api.login({ username: 'staff.cnx', password: 'Staff#2026' });
    const { ref, otp } = await requestCode('staff.cnx');
    const exchanged = await api.post(INPUT, { OTP: otp, dataUser: ref });
    expect(exchanged.body.status).toBe(true);
    const reset = exchanged.body.accessToken as string;
    // the reset token is not an access token
    expect((await api.get('/api/admin/Permission/getPermission', reset)).status).toBe(401);

    const mismatch = await api.post(IS, { accessToken: reset, password: 'NewPass#1', Cpassword: 'NewPass#2' });
    expect(mismatch.body).toEqual({ status: false, message: "Password doesn't match. Please try again." });
    expect((await api.post(IS, { accessToken: reset, password: 'NewPass#1', Cpassword: 'NewPass#1' })).body).toEqual({ status: true });
    expect((await api.post(IS, { accessToken: reset, password: 'Other#123', Cpassword: 'Other#123' })).body.status).toBe(false);

    expect((await api.post('/api/admin/auth/login', { username: 'staff.cnx', password: 'Staff#2026' })).body.status).toBe(false);
    expect((await api.post('/api/admin/auth/login', { username: 'staff.cnx', password: 'NewPass#1' })).body.status).toBe(true);
    expect((await api.get('/api/admin/Permission/getPermission', before.accessToken)).status).toBe(401);
    // the code cannot be used a second time
    expect((await api.post(INPUT, { OTP: otp, dataUser: ref })).body.status).toBe(false);
  });

  it('allows five tries: after five wrong codes the right one fails too', async () => {
    const { ref, otp } = await requestCode('staff.bkk');
    for (let i = 0; i < 5; i++) expect((await api.post(INPUT, { OTP: wrongCode(otp), dataUser: ref })).body.status).toBe(false);
    expect((await api.post(INPUT, { OTP: otp, dataUser: ref })).body).toEqual({ status: false, message: 'Wrong OTP' });
  });

  it('accepts the right code after a few wrong ones', async () => {
    const { ref, otp } = await requestCode('staff.bkk');
    for (let i = 0; i < 4; i++) await api.post(INPUT, { OTP: wrongCode(otp), dataUser: ref });
    expect((await api.post(INPUT, { OTP: otp, dataUser: ref })).body.status).toBe(true);
  });

  it('expires the code after 10 minutes', async () => {
    const { ref, otp } = await requestCode('staff.bkk');
    api.advance(10 * 60_000 + 1);
    expect((await api.post(INPUT, { OTP: otp, dataUser: ref })).body.status).toBe(false);
  });

  it('expires the reset token after 10 minutes', async () => {
    const { ref, otp } = await requestCode('staff.bkk');
    const reset = (await api.post(INPUT, { OTP: otp, dataUser: ref })).body.accessToken;
    api.advance(10 * 60_000 + 1000);
    expect((await api.post(IS, { accessToken: reset, password: 'NewPass#9', Cpassword: 'NewPass#9' })).body.status).toBe(false);
    expect((await api.post('/api/admin/auth/login', { username: 'staff.bkk', password: 'Staff#2026' })).body.status).toBe(true);
  });

  it('validates bodies', async () => {
    expect((await api.post(INPUT, { OTP: '12ab56', dataUser: 'x' })).status).toBe(400);
    expect((await api.post(IS, { accessToken: 'x', password: '123', Cpassword: '123' })).status).toBe(400);
    expect((await api.post(FORGOT, { input: '' })).status).toBe(400);
  });
});

describe('dev outbox by recipient', () => {
  it('answers the latest code sent to an e-mail address, whatever the user typed', async () => {
    const first = await requestCode('staff.market');
    const second = await requestCode('staff.market@demo-company.example');
    const res = await api.get(`/api/dev/outbox?recipient=${encodeURIComponent('Staff.Market@demo-company.example')}`);
    expect(res.status).toBe(200);
    expect(res.body.data.recipient).toBe('staff.market@demo-company.example');
    expect(res.body.data.otp).toBe(second.otp);
    expect(second.ref).not.toBe(first.ref);
  });

  it('is 404 for an address no code went to, and 400 without exactly one of dataUser and recipient', async () => {
    expect((await api.get('/api/dev/outbox?recipient=nobody%40nowhere.example')).status).toBe(404);
    expect((await api.get('/api/dev/outbox')).status).toBe(400);
    expect((await api.get('/api/dev/outbox?dataUser=abc&recipient=admin%40demo-company.example')).status).toBe(400);
  });
});

describe('the outbox row', () => {
  it('keeps no code in plain text: the body masks it and the code is sealed; delivering it gives the code back, which works', async () => {
    const { ref, otp } = await requestCode('staff.market');
    const [row] = await api.deps.db.select().from(outbox).where(eq(outbox.ref, ref));
    expect(row!.body).not.toContain(otp);
    expect(row!.body).toContain('••••••');
    expect(row!.otp).not.toContain(otp);
    expect(row!.otp).toMatch(/^v1\./);
    // The delivery path (a mailer, the dev outbox) unseals it; another reference's seal or another key does not open it.
    expect(deliverable(api.deps.jwtKey, row!)).toEqual({ otp, body: row!.body.replace('••••••', otp) });
    expect(deliverable(api.deps.jwtKey, { ...row!, ref: 'another-reference' }).otp).toBeNull();
    expect(deliverable(new Uint8Array(32), row!).otp).toBeNull();
    expect((await api.post(INPUT, { OTP: otp, dataUser: ref })).body.status).toBe(true);
  });
});

describe('dev outbox switch', () => {
  it('is 404 when disabled', async () => {
    const prod = await startTestServer({ devOutbox: false, logOtp: false });
    try {
      const ref = (await prod.post(FORGOT, { input: 'admin' })).body.data.dataUser;
      const res = await prod.get(`/api/dev/outbox?dataUser=${ref}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: false, message: 'NOT_FOUND' });
      expect(prod.logs.some((line) => line.includes('reset code'))).toBe(false);
      // Without the dev outbox the message is still deliverable (sealed, not dropped).
      const [row] = await prod.deps.db.select().from(outbox).where(eq(outbox.ref, ref));
      expect(deliverable(prod.deps.jwtKey, row!).otp).toMatch(/^\d{6}$/);
    } finally {
      await prod.close();
    }
  });
});
