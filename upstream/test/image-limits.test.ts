import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_PIXELS } from '@contract/images';
import { getPriority } from 'node:os';
import { decodeProcessId } from '../src/domain/image-decode/process';
import { ingestImage } from '../src/domain/images';
import { ApiError } from '../src/kit/errors';
import { imageDimensions } from '../src/kit/image-header';
import { WorkQueue } from '../src/kit/work-queue';
import { DEMO, startTestServer, type TestServer } from './helpers';
import { pixelBomb } from './image-bombs';

/** Images: the pixel limit read from the header before any decode, and the bounded decode queue. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;

beforeAll(async () => {
  api = await startTestServer();
  admin = await api.login(DEMO.admin);
});
afterAll(async () => {
  await api?.close();
});

describe('the pixel limit', () => {
  it('a 40-megapixel PNG header over a tiny body is refused with imageTooManyPixels before any decode', async () => {
    const bomb = pixelBomb(8000, 5000);
    expect(bomb.length).toBeLessThan(200);
    const queue = new WorkQueue(1, 1);
    const run = vi.spyOn(queue, 'run');
    const refused = await ingestImage(bomb, queue).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).errors).toEqual({ file: ['imageTooManyPixels'] });
    expect(run).not.toHaveBeenCalled();
    const res = await fetch(`${api.url}/api/admin/Profile/Images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'image/png' },
      body: new Uint8Array(bomb),
    });
    expect([res.status, ((await res.json()) as Loose).errors]).toEqual([400, { file: ['imageTooManyPixels'] }]);
    // The limit sits below 40 megapixels: the size of the uploads that took the machine in the review.
    expect(MAX_IMAGE_PIXELS).toBeLessThan(40_000_000);
  });

  it('reads the size from PNG, JPEG, WebP (lossy, lossless, extended) and GIF headers as a decoder would', async () => {
    const base = () => sharp({ create: { width: 123, height: 45, channels: 4, background: { r: 9, g: 80, b: 200, alpha: 0.5 } } });
    const files = {
      png: await base().png().toBuffer(),
      jpeg: await base().jpeg().toBuffer(),
      progressive: await base().jpeg({ progressive: true }).toBuffer(),
      webp: await base().webp({ quality: 50 }).toBuffer(),
      lossless: await base().webp({ lossless: true }).toBuffer(),
      gif: await base().gif().toBuffer(),
    };
    for (const [name, bytes] of Object.entries(files)) expect(imageDimensions(bytes), name).toEqual({ width: 123, height: 45 });
    const extended = await sharp(files.webp)
      .withMetadata({ exif: { IFD0: { Copyright: 'x' } } })
      .webp()
      .toBuffer();
    expect(imageDimensions(extended)).toEqual({ width: 123, height: 45 });
    expect(imageDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 1, 2]))).toBeNull();
    expect(imageDimensions(Buffer.from('not an image at all'))).toBeNull();
  });
});

describe('the decode queue', () => {
  it('runs one task at a time, keeps a bounded waiting list in order, and refuses one more with 503 and Retry-After', async () => {
    const queue = new WorkQueue(1, 2, 3);
    const order: number[] = [];
    const gates: (() => void)[] = [];
    const task = (n: number) => () =>
      new Promise<number>((resolve) => {
        order.push(n);
        gates.push(() => resolve(n));
      });
    const first = queue.run(task(1));
    const second = queue.run(task(2));
    const third = queue.run(task(3));
    await Promise.resolve();
    expect(queue.size).toEqual({ running: 1, waiting: 2 });
    const refused = await queue.run(task(4)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect([(refused as ApiError).status, (refused as ApiError).headers]).toEqual([503, { 'retry-after': '3' }]);
    expect(order).toEqual([1]);
    gates[0]!();
    expect(await first).toBe(1);
    await vi.waitFor(() => expect(order).toEqual([1, 2]));
    gates[1]!();
    await vi.waitFor(() => expect(order).toEqual([1, 2, 3]));
    gates[2]!();
    expect(await Promise.all([second, third])).toEqual([2, 3]);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
    // A failed task gives its turn back too.
    await expect(queue.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('answers 503 with Retry-After on the HTTP route when the waiting list is full', async () => {
    const { decodeQueue } = await import('../src/domain/images');
    const spy = vi.spyOn(decodeQueue, 'run').mockRejectedValueOnce(new ApiError(503, 'BUSY', undefined, undefined, { 'retry-after': '2' }));
    try {
      const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 1, g: 2, b: 3 } } })
        .png()
        .toBuffer();
      const res = await fetch(`${api.url}/api/admin/Profile/Images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'image/png' },
        body: new Uint8Array(png),
      });
      expect([res.status, res.headers.get('retry-after')]).toEqual([503, '2']);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the decode process', () => {
  it("decodes in a child of the API at a lower scheduling priority, and answers its refusals as the API's own", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 20, b: 30 } } })
      .png()
      .toBuffer();
    const image = await ingestImage(png, new WorkQueue(1, 1));
    expect([image.ext, image.width, image.height]).toEqual(['png', 40, 30]);
    const pid = decodeProcessId();
    expect(pid).not.toBeNull();
    expect(pid).not.toBe(process.pid);
    expect(getPriority(pid!) - getPriority(process.pid)).toBeGreaterThanOrEqual(1);
    // A PNG whose body is not what its header says decodes to nothing: the child's refusal is the API's 400.
    const broken = Buffer.concat([png.subarray(0, 33), Buffer.alloc(64, 7)]);
    const refused = await ingestImage(broken, new WorkQueue(1, 1)).catch((error: unknown) => error);
    expect((refused as ApiError).errors).toEqual({ file: ['notAnImage'] });
    expect(decodeProcessId()).toBe(pid);
  });
});
