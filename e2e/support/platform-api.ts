import { expect, request, type APIRequestContext } from '@playwright/test';
import { API_URL, CONTROL_URL } from '../../playwright.config';

/**
 * Direct calls to the Platform API the portal stands in front of: arranging data a test needs (a fresh account,
 * the OTP that was "e-mailed") and getting a real upstream token to look for in what the portal sends.
 */
export interface ApiLogin {
  accessToken: string;
  userData: { uid: string; area?: string; appid?: string; companies: string; office: string };
}

async function withApi<T>(run: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const api = await request.newContext({ baseURL: API_URL });
  try {
    return await run(api);
  } finally {
    await api.dispose();
  }
}

export function apiLogin(username: string, password: string): Promise<ApiLogin> {
  return withApi(async (api) => {
    const response = await api.post('/api/admin/auth/login', { data: { username, password, remember: false } });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { status: boolean } & ApiLogin;
    expect(body.status).toBe(true);
    return body;
  });
}

/** Creates an account (a new company with its root admin) straight on the Platform API. */
export function apiRegister(displayName: string, email: string, password: string): Promise<ApiLogin> {
  return withApi(async (api) => {
    const response = await api.post('/api/admin/auth/register', { data: { displayName, email, password } });
    expect(response.ok()).toBe(true);
    return (await response.json()) as ApiLogin;
  });
}

/** The latest one-time password sent to an e-mail address (the development outbox). */
export function latestOtp(recipient: string): Promise<string> {
  return withApi(async (api) => {
    const response = await api.get('/api/dev/outbox', { params: { recipient } });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data: { otp: string | null } };
    expect(body.data.otp).toMatch(/^\d{6}$/);
    return body.data.otp as string;
  });
}

/** Resets a password through the three upstream calls (ForgotPassword → InputOTP → IsOTP); every session ends. */
export function apiResetPassword(email: string, password: string): Promise<void> {
  return withApi(async (api) => {
    const forgot = await api.post('/api/admin/auth/ForgotPassword', { data: { input: email } });
    const dataUser = ((await forgot.json()) as { data: { dataUser: string } }).data.dataUser;
    const OTP = await latestOtp(email);
    const input = await api.post('/api/admin/auth/InputOTP', { data: { OTP, dataUser } });
    const { accessToken } = (await input.json()) as { accessToken: string };
    const reset = await api.post('/api/admin/auth/IsOTP', { data: { accessToken, password, Cpassword: password } });
    expect(await reset.json()).toEqual({ status: true });
  });
}

/** A code that is not `otp`. */
export function otherCode(otp: string): string {
  return String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
}

/** Takes the Platform API away from the portal (`stop`) or brings it back (`start`); its data stays. */
export async function upstream(action: 'stop' | 'start'): Promise<void> {
  const control = await request.newContext();
  try {
    const response = await control.post(`${CONTROL_URL}/${action}`);
    expect(await response.json()).toEqual({ up: action === 'start' });
  } finally {
    await control.dispose();
  }
}

/**
 * One pass of Config/Biker's rules on the Platform API, as its periodic sweep would run `advanceMs` from now (offers
 * not accepted in time back to waiting, bikers online too long set offline); the ids it changed.
 */
export async function sweepBikerRules(advanceMs: number): Promise<{ released: string[]; offline: string[] }> {
  const control = await request.newContext();
  try {
    const response = await control.post(`${CONTROL_URL}/sweep?advance=${advanceMs}`);
    expect(response.status()).toBe(200);
    return (await response.json()) as { released: string[]; offline: string[] };
  } finally {
    await control.dispose();
  }
}

/** Removes permission entries from one user's list on the Platform API (a narrower list, as any upstream may send). */
export async function dropPermissions(login: string, names: string[]): Promise<number> {
  const control = await request.newContext();
  try {
    const response = await control.post(`${CONTROL_URL}/permissions/drop?login=${encodeURIComponent(login)}&names=${encodeURIComponent(names.join(','))}`);
    expect(response.status()).toBe(200);
    return ((await response.json()) as { dropped: number }).dropped;
  } finally {
    await control.dispose();
  }
}
