import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, isCrossSiteNavigation, isSameOriginRequest, readJsonBody } from './request-checks';

const url = { protocol: 'http:', host: '127.0.0.1:3000' };
const headers = (values: Record<string, string>) => new Headers(values);

describe('same-origin rule', () => {
  it('passes Sec-Fetch-Site same-origin or none', () => {
    expect(isSameOriginRequest(headers({ 'sec-fetch-site': 'same-origin' }), url)).toBe(true);
    expect(isSameOriginRequest(headers({ 'sec-fetch-site': 'none' }), url)).toBe(true);
  });

  it('refuses cross-site and same-site requests unless the Origin is our own', () => {
    expect(isSameOriginRequest(headers({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }), url)).toBe(false);
    expect(isSameOriginRequest(headers({ 'sec-fetch-site': 'same-site', origin: 'http://other.127.0.0.1:3000' }), url)).toBe(false);
    expect(isSameOriginRequest(headers({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }), url)).toBe(true);
  });

  it('refuses a request with neither header, a null Origin, or another port or scheme', () => {
    expect(isSameOriginRequest(headers({}), url)).toBe(false);
    expect(isSameOriginRequest(headers({ origin: 'null' }), url)).toBe(false);
    expect(isSameOriginRequest(headers({ origin: 'http://127.0.0.1:4000', host: '127.0.0.1:3000' }), url)).toBe(false);
    expect(isSameOriginRequest(headers({ origin: 'https://127.0.0.1:3000', host: '127.0.0.1:3000' }), url)).toBe(false);
  });

  it('follows the forwarded host and protocol behind a proxy, and PORTAL_ORIGINS', () => {
    const behind = headers({ origin: 'https://portal.example', host: '10.0.0.5:3000', 'x-forwarded-host': 'portal.example', 'x-forwarded-proto': 'https' });
    expect(isSameOriginRequest(behind, url)).toBe(true);
    const listed = headers({ origin: 'https://admin.example' });
    expect(isSameOriginRequest(listed, url, { NODE_ENV: 'test', PORTAL_ORIGINS: 'https://admin.example' } as NodeJS.ProcessEnv)).toBe(true);
  });
});

const post = (body: BodyInit | null, values: Record<string, string> = { 'content-type': 'application/json' }) =>
  new Request('http://127.0.0.1:3000/api/admin/x', { method: 'POST', body, headers: values, duplex: 'half' } as RequestInit);

describe('JSON bodies', () => {
  it('reads a JSON body', async () => {
    expect(await readJsonBody(post('{"a":1}'))).toEqual({ ok: true, text: '{"a":1}', json: { a: 1 } });
    expect(await readJsonBody(post(null, {}))).toEqual({ ok: true, text: '', json: undefined });
  });

  it('answers 415 for anything but JSON', async () => {
    expect(await readJsonBody(post('a=1', { 'content-type': 'application/x-www-form-urlencoded' }))).toMatchObject({ ok: false, status: 415 });
    expect(await readJsonBody(post('{"a":1}', { 'content-type': 'text/plain' }))).toMatchObject({ ok: false, status: 415 });
  });

  it('answers 413 above 1 MB, declared or streamed', async () => {
    const big = `"${'x'.repeat(MAX_BODY_BYTES)}"`;
    expect(await readJsonBody(post(big))).toMatchObject({ ok: false, status: 413 });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 17; i++) controller.enqueue(new Uint8Array(64 * 1024).fill(32));
        controller.close();
      },
    });
    expect(await readJsonBody(post(stream))).toMatchObject({ ok: false, status: 413 });
  });

  it('answers 400 for malformed JSON', async () => {
    expect(await readJsonBody(post('{"a":'))).toMatchObject({ ok: false, status: 400, code: 'invalidJson' });
  });
});

describe('cross-site navigation (auto-login asks first)', () => {
  it('follows Sec-Fetch-Site: cross-site and same-site ask, same-origin and none (typed, bookmarked) do not', () => {
    expect(isCrossSiteNavigation(headers({ 'sec-fetch-site': 'cross-site' }), url)).toBe(true);
    expect(isCrossSiteNavigation(headers({ 'sec-fetch-site': 'same-site' }), url)).toBe(true);
    expect(isCrossSiteNavigation(headers({ 'sec-fetch-site': 'same-origin' }), url)).toBe(false);
    expect(isCrossSiteNavigation(headers({ 'sec-fetch-site': 'none', referer: 'https://evil.example/' }), url)).toBe(false);
  });

  it('without Sec-Fetch-Site, a Referer or Origin of another origin asks; an opaque (null) origin asks; our own or none at all (a script) do not', () => {
    expect(isCrossSiteNavigation(headers({ referer: 'https://evil.example/page', host: '127.0.0.1:3000' }), url)).toBe(true);
    expect(isCrossSiteNavigation(headers({ origin: 'http://127.0.0.1:3001', host: '127.0.0.1:3000' }), url)).toBe(true);
    expect(isCrossSiteNavigation(headers({ referer: 'not a url' }), url)).toBe(true);
    expect(isCrossSiteNavigation(headers({ referer: 'http://127.0.0.1:3000/somewhere', host: '127.0.0.1:3000' }), url)).toBe(false);
    expect(isCrossSiteNavigation(headers({}), url)).toBe(false);
    expect(isCrossSiteNavigation(headers({ origin: 'null' }), url)).toBe(true);
  });
});
