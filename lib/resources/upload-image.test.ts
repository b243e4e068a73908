import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadImage } from './bff-client';

const file = (type: string, size = 10) => new File([new Uint8Array(size)], 'picture', { type });
const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => vi.unstubAllGlobals());

describe('uploadImage', () => {
  it('refuses a file of another type or over the limit without a call', async () => {
    const fetch = answer(201, {});
    vi.stubGlobal('fetch', fetch);
    expect(await uploadImage('/api/admin/Delivery/Food/Images', file('image/gif'))).toEqual({ refused: 'notAnImage' });
    expect(await uploadImage('/api/admin/Delivery/Food/Images', file('image/png', 5 * 1024 * 1024 + 1))).toEqual({ refused: 'imageTooLarge' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the bytes and answers the key', async () => {
    const fetch = answer(201, { status: true, data: { key: `${'a'.repeat(64)}.png` } });
    vi.stubGlobal('fetch', fetch);
    expect(await uploadImage('/api/admin/Delivery/Food/Images', file('image/png'))).toEqual({ key: `${'a'.repeat(64)}.png` });
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/Delivery/Food/Images',
      expect.objectContaining({ method: 'POST', headers: { 'content-type': 'application/octet-stream' } }),
    );
  });

  it('says why the Platform API or the BFF refused it', async () => {
    vi.stubGlobal('fetch', answer(400, { status: false, errors: { file: ['imageTooManyPixels'] } }));
    expect(await uploadImage('/x', file('image/jpeg'))).toEqual({ refused: 'imageTooManyPixels' });
    vi.stubGlobal('fetch', answer(413, { status: false }));
    expect(await uploadImage('/x', file('image/jpeg'))).toEqual({ refused: 'imageTooLarge' });
    vi.stubGlobal('fetch', answer(403, { status: false }));
    expect(await uploadImage('/x', file('image/jpeg'))).toEqual({ refused: 'notAllowed' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new Error('offline'))),
    );
    expect(await uploadImage('/x', file('image/jpeg'))).toEqual({ refused: 'uploadFailed' });
  });
});
