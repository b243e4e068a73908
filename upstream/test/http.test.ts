import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './helpers';

/** A POST whose body goes out in `chunks` without a content-length (chunked), as a client streaming it would send it. */
function postChunked(url: string, chunks: Buffer[], headers: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
    });
    req.on('error', reject);
    void (async () => {
      for (const chunk of chunks) {
        req.write(chunk);
        await new Promise((r) => setTimeout(r, 5));
      }
      req.end();
    })();
  });
}

let api: TestServer;
let token: string;
beforeAll(async () => {
  api = await startTestServer();
  token = (await api.login(DEMO.admin)).accessToken;
});
afterAll(async () => {
  await api?.close();
});

describe('request handling conventions', () => {
  it('answers malformed JSON with 400', async () => {
    const res = await api.request('POST', '/api/admin/auth/login', { raw: '{"username": "admin",', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: false, message: 'MALFORMED_JSON' });
  });

  it('answers a body over 1 MB with 413', async () => {
    const big = JSON.stringify({ username: 'admin', password: 'x'.repeat(1024 * 1024 + 10) });
    const res = await api.request('POST', '/api/admin/auth/login', { raw: big, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ status: false, message: 'PAYLOAD_TOO_LARGE' });
  });

  it('reads a JSON body sent in chunks, a character split between two of them included, and refuses one past 1 MB', async () => {
    const login = Buffer.from(JSON.stringify({ username: 'admin', password: 'Admin#2026', remember: false }));
    const ok = await postChunked(`${api.url}/api/admin/auth/login`, [login.subarray(0, 10), login.subarray(10, 25), login.subarray(25)], {});
    expect(ok.status).toBe(200);
    const staff = (await api.login(DEMO.bkk)).accessToken;
    const conversation = (await api.get('/api/admin/Delivery/Chat?pageSize=10', staff)).body.data[0].id;
    const text = 'สวัสดีครับ ✓ 你好';
    const body = Buffer.from(JSON.stringify({ clientId: `chunked-${Date.now()}`, body: text }));
    const cut = body.indexOf(Buffer.from('ว')) + 1; // inside the three bytes of one Thai letter
    const sent = await postChunked(`${api.url}/api/admin/Delivery/Chat/${conversation}/messages`, [body.subarray(0, cut), body.subarray(cut)], {
      authorization: `Bearer ${staff}`,
    });
    expect(sent.status).toBe(201);
    expect((sent.body.data as { body: string }).body).toBe(text);
    const piece = Buffer.alloc(256 * 1024, 'x');
    const big = await postChunked(
      `${api.url}/api/admin/auth/login`,
      [Buffer.from('{"username":"admin","password":"'), piece, piece, piece, piece, piece, Buffer.from('"}')],
      {},
    );
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ status: false, message: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers a wrong content type on a JSON route with 415', async () => {
    const res = await api.request('POST', '/api/admin/auth/login', {
      raw: 'username=admin&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ status: false, message: 'UNSUPPORTED_MEDIA_TYPE' });
    const text = await api.request('PUT', '/api/admin/Users/Staff/1', { token, raw: 'hello', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
  });

  it('answers a JSON body that is not an object with 400 and field errors', async () => {
    const res = await api.request('POST', '/api/admin/auth/login', { raw: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(false);
    expect(res.body.errors).toBeTypeOf('object');
  });

  it('answers unknown routes with 404 JSON', async () => {
    for (const path of ['/nope', '/api/admin/Nothing/Here', '/api/admin/auth/login/extra']) {
      const res = await api.get(path, token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: false, message: 'NOT_FOUND' });
    }
    // A known path with a method it does not serve is 405 (input-edges.test.ts).
    const method = await api.request('DELETE', '/api/admin/auth/login');
    expect(method.status).toBe(405);
    expect(method.headers.get('allow')).toBe('POST');
  });

  it('never leaks a stack trace', async () => {
    const res = await api.request('POST', '/api/admin/auth/refresh-token', {
      raw: '{"accessToken": {"$gt": ""}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts|node_modules/);
  });
});

describe('GET /api/openapi.json', () => {
  it('covers every route the app serves', async () => {
    const res = await api.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries(res.body.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(ops)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    const served = api.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThan(25);
    for (const route of served) expect(documented, route).toContain(route);
    for (const literal of [
      'POST /api/admin/auth/login',
      'POST /api/admin/auth/autoLoginRoot',
      'POST /api/admin/auth/autoLoginPortal',
      'POST /api/admin/auth/autologinShop',
      'POST /api/admin/auth/register',
      'POST /api/admin/auth/refresh-token',
      'POST /api/admin/auth/ForgotPassword',
      'POST /api/admin/auth/InputOTP',
      'POST /api/admin/auth/IsOTP',
      'POST /api/admin/Menu/setMenu',
      'GET /api/admin/Permission/getPermission',
      'GET /api/admin/AdminUser/view/{uid}',
      'GET /ws',
    ])
      expect(documented).toContain(literal);
    expect(res.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(res.body.components.schemas).toHaveProperty('UserData');
  });
});
