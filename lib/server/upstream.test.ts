import { createServer } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sendJson, withFakeUpstream } from '@/test/fake-upstream';
import { makeSession, staffSession } from '@/test/session-fixtures';
import { revocationStore } from './revocation';
import { UPSTREAM_MESSAGES, UpstreamError, applyRefresh, renewIfDue, upstreamFetch } from './upstream';
import type { PortalSession } from './session-codec';

const fake = withFakeUpstream();
const okSchema = z.object({ status: z.boolean(), data: z.unknown() });

beforeEach(() => {
  delete process.env.UPSTREAM_TIMEOUT_MS;
});

async function caught(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error('expected an UpstreamError');
}

describe('upstream headers', () => {
  it('sends every header of section 7 from an admin session, without area and apptype', async () => {
    fake.on('GET', '/api/admin/Shops', (_req, res) => sendJson(res, 200, { status: true, data: [] }));
    const session = makeSession({ accessToken: 'tok-admin' });
    await upstreamFetch('/api/admin/Shops', { schema: okSchema, session });
    const { headers } = fake.requests[0]!;
    expect(headers.authorization).toBe('Bearer tok-admin');
    expect(headers).toMatchObject({ session: session.session, office: 'office-1', companies: 'company-1', userrole: 'admin', appid: 'app-1' });
    expect(headers).not.toHaveProperty('area');
    expect(headers).not.toHaveProperty('apptype');
  });

  it('adds area and apptype for staff, and forwards the query', async () => {
    fake.on('GET', '/api/admin/Delivery/Shop', (_req, res) => sendJson(res, 200, { status: true, data: [] }));
    await upstreamFetch('api/admin/Delivery/Shop', { schema: okSchema, session: staffSession(), query: { page: 2, q: 'noodle' } });
    const request = fake.requests[0]!;
    expect(request.path).toBe('/api/admin/Delivery/Shop?page=2&q=noodle');
    expect(request.headers).toMatchObject({ userrole: 'staff', area: 'Bangkok', apptype: 'Delivery' });
  });
});

describe('upstream failures', () => {
  it('answers 502 with a clear message when the upstream is down', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    process.env.UPSTREAM_API_URL = `http://127.0.0.1:${port}`;
    const error = await caught(upstreamFetch('/api/admin/Shops', { schema: okSchema }));
    expect(error).toMatchObject({ status: 502, code: 'unreachable', message: UPSTREAM_MESSAGES.unreachable, digest: 'UPSTREAM_UNREACHABLE' });
  });

  it('answers 504 when the upstream does not answer in time', async () => {
    process.env.UPSTREAM_TIMEOUT_MS = '100';
    fake.on('GET', '/slow', (_req, res) => void setTimeout(() => sendJson(res, 200, { status: true }), 400));
    const error = await caught(upstreamFetch('/slow', { schema: okSchema }));
    expect(error).toMatchObject({ status: 504, code: 'timeout', message: UPSTREAM_MESSAGES.timeout });
  });

  it('answers 502 for an answer that is not JSON or does not match the schema', async () => {
    fake.on('GET', '/html', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>');
    });
    fake.on('GET', '/shape', (_req, res) => sendJson(res, 200, { nope: 1 }));
    expect(await caught(upstreamFetch('/html', { schema: okSchema }))).toMatchObject({ status: 502, code: 'malformed' });
    expect(await caught(upstreamFetch('/shape', { schema: okSchema }))).toMatchObject({ status: 502, message: UPSTREAM_MESSAGES.malformed });
  });

  it("keeps the upstream's status and message for other failures", async () => {
    fake.on('GET', '/api/admin/Shops/9', (_req, res) => sendJson(res, 404, { status: false, message: 'NOT_FOUND_DATA' }));
    const error = await caught(upstreamFetch('/api/admin/Shops/9', { schema: okSchema, session: makeSession() }));
    expect(error).toMatchObject({ status: 404, message: 'NOT_FOUND_DATA', code: 'failed', digest: 'UPSTREAM_404' });
  });
});

describe('refresh on 401', () => {
  /** `accepted` tokens pass business calls; `refreshable` ones may be rotated once (the old one then dies). */
  function scriptRotation(accepted: Set<string>, refreshable: Set<string> = accepted) {
    let issued = 0;
    fake.on('POST', '/api/admin/auth/refresh-token', (req, res) => {
      const { accessToken } = JSON.parse(req.body) as { accessToken: string };
      setTimeout(() => {
        if (!refreshable.delete(accessToken)) return sendJson(res, 401, { status: false });
        accepted.delete(accessToken);
        const next = `rotated-${++issued}`;
        accepted.add(next);
        refreshable.add(next);
        sendJson(res, 200, { status: true, accessToken: next, expiresIn: 3600 });
      }, 30);
    });
    fake.on('GET', '/api/admin/Permission/getPermission', (req, res) => {
      const token = req.headers.authorization?.replace('Bearer ', '') ?? '';
      if (!accepted.has(token)) return sendJson(res, 401, { status: false });
      sendJson(res, 200, { status: true, data: [] });
    });
  }

  it('makes exactly one refresh for 20 concurrent 401s, retries each once and persists the new token', async () => {
    const session = makeSession({ accessToken: 'expired-token' });
    scriptRotation(new Set(), new Set(['expired-token']));
    const persisted: PortalSession[] = [];
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        upstreamFetch('/api/admin/Permission/getPermission', { schema: okSchema, session, persist: (next) => persisted.push(next) }),
      ),
    );
    expect(answers).toHaveLength(20);
    expect(fake.count('POST', '/api/admin/auth/refresh-token')).toBe(1);
    expect(fake.count('GET', '/api/admin/Permission/getPermission')).toBe(40);
    expect(new Set(persisted.map((s) => s.accessToken))).toEqual(new Set(['rotated-1']));
    // A later request that still carries the old cookie reuses the new token without a second refresh.
    await upstreamFetch('/api/admin/Permission/getPermission', { schema: okSchema, session, persist: () => undefined });
    expect(fake.count('POST', '/api/admin/auth/refresh-token')).toBe(1);
  });

  it('ends the session without a loop when the refresh fails', async () => {
    const session = makeSession({ accessToken: 'dead' });
    scriptRotation(new Set(), new Set());
    const errors = await Promise.all(
      Array.from({ length: 5 }, () => caught(upstreamFetch('/api/admin/Permission/getPermission', { schema: okSchema, session, persist: () => undefined }))),
    );
    expect(errors.every((e) => e.code === 'session-ended' && e.status === 401)).toBe(true);
    expect(fake.count('POST', '/api/admin/auth/refresh-token')).toBe(1);
    expect(fake.count('GET', '/api/admin/Permission/getPermission')).toBe(5);
    expect(await revocationStore().isRevoked(session.sid)).toBe(true);
  });

  it('does not refresh where cookies cannot be written (server components)', async () => {
    scriptRotation(new Set(['other']));
    const error = await caught(upstreamFetch('/api/admin/Permission/getPermission', { schema: okSchema, session: makeSession({ accessToken: 'dead' }) }));
    expect(error.code).toBe('session-ended');
    expect(fake.count('POST', '/api/admin/auth/refresh-token')).toBe(0);
  });

  it('renews the token of an active session near its end and extends the session', async () => {
    const valid = new Set(['near-end']);
    scriptRotation(valid);
    const session = makeSession({ accessToken: 'near-end', loggedInTime: Date.now() - 3_500_000, expiresIn: 3600 });
    let renewed: PortalSession | null = null;
    await renewIfDue(session, (next) => (renewed = next));
    expect(renewed!.accessToken).toBe('rotated-1');
    expect(renewed!.loggedInTime + renewed!.expiresIn * 1000).toBeGreaterThan(Date.now() + 3_500_000);
    await renewIfDue(makeSession({ accessToken: 'fresh' }), () => {
      throw new Error('a fresh session is not renewed');
    });
    expect(fake.count('POST', '/api/admin/auth/refresh-token')).toBe(1);
  });

  it('never shortens a session when a refresh answers a short lifetime', () => {
    const session = makeSession({ loggedInTime: Date.now() - 1000, expiresIn: 3600 });
    expect(applyRefresh(session, { accessToken: 'n', expiresIn: 10 }).expiresIn).toBe(3600);
  });
});
