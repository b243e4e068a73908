import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalImageStore, openImageStore, S3ImageStore, signV4 } from './image-store';

const KEY = `${'ab'.repeat(32)}.png`;

describe('signV4', () => {
  it("gives AWS's published signature for its GET Object example", () => {
    // docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "Example: GET Object".
    const emptyHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    const header = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9', 'x-amz-content-sha256': emptyHash, 'x-amz-date': '20130524T000000Z' },
      payloadHash: emptyHash,
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(header).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('openImageStore', () => {
  it('reads a folder or an s3 URL from the one setting', () => {
    expect(openImageStore('/tmp/imgs')).toBeInstanceOf(LocalImageStore);
    const s3 = openImageStore('s3+http://minio:secret%2Fkey@127.0.0.1:9000/catalogue?region=ap-southeast-1');
    expect(s3).toBeInstanceOf(S3ImageStore);
    expect(s3.describe).toBe('http://127.0.0.1:9000/catalogue');
    expect(openImageStore('s3://k:s@s3.example.com/b').describe).toBe('https://s3.example.com/b');
    expect(() => openImageStore('s3://s3.example.com/b')).toThrow(/KEY:SECRET/);
  });
});

describe('LocalImageStore', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
  it('writes and reads by key, refuses anything that is not a key', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'images-'));
    dirs.push(dir);
    const store = new LocalImageStore(dir);
    expect(await store.get(KEY)).toBeNull();
    await store.put(KEY, Buffer.from('png bytes'), 'image/png');
    expect((await store.get(KEY))?.toString()).toBe('png bytes');
    await store.put(`thumb/${'cd'.repeat(32)}.webp`, Buffer.from('t'), 'image/webp');
    expect((await store.get(`thumb/${'cd'.repeat(32)}.webp`))?.toString()).toBe('t');
    await expect(store.get('../../etc/passwd')).rejects.toThrow(/Not an image key/);
  });
});
