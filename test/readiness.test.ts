import { describe, expect, it } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { GET as ready } from '@/app/api/ready/route';
import { beginShutdown } from '@/lib/server/shutdown';
import { sendJson, withFakeUpstream } from './fake-upstream';

/** The portal's liveness and readiness, as a load balancer and a container runtime ask them. */
const fake = withFakeUpstream();

describe('health and readiness', () => {
  it('is alive whatever the Platform API does', async () => {
    const res = health();
    expect([res.status, await res.json()]).toEqual([200, { status: true }]);
  });

  it('is ready only while the Platform API is ready, and no longer once the instance is stopping', async () => {
    fake.on('GET', '/api/ready', (_req, res) => sendJson(res, 200, { status: true }));
    const up = await ready();
    expect([up.status, await up.json()]).toEqual([200, { status: true, checks: { upstream: true, revocation: true, stopping: false } }]);
    expect(fake.requests.find((r) => r.path === '/api/ready')?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    fake.on('GET', '/api/ready', (_req, res) => sendJson(res, 503, { status: false, message: 'database unavailable' }));
    const apiDown = await ready();
    expect([apiDown.status, (await apiDown.json()).checks.upstream]).toEqual([503, false]);

    fake.on('GET', '/api/ready', (_req, res) => sendJson(res, 200, { status: true }));
    beginShutdown();
    const stopping = await ready();
    expect([stopping.status, (await stopping.json()).checks]).toEqual([503, { upstream: true, revocation: true, stopping: true }]);
  });
});
