import { createHash, createHmac } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded images live (docs/catalogue.md "Images"): one setting, `IMAGE_STORE`. A folder (the default is
 * `{DATA_DIR}/images`) or an S3-compatible bucket: `s3://KEY:SECRET@host[:port]/bucket?region=…` over HTTPS,
 * `s3+http://…` for a store on the local network (MinIO). Keys are content hashes, so an object is written once and
 * never changes.
 */
export interface ImageStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Where it writes, for the start-up line (never the secret). */
  readonly describe: string;
}

const SAFE_KEY = /^(thumb\/)?[0-9a-f]{64}\.(jpg|png|webp)$/;
const checkKey = (key: string) => {
  if (!SAFE_KEY.test(key)) throw new Error(`Not an image key: ${key}`);
};

/** A folder on this machine: `{root}/{key}`, written to a temporary name first so a reader never sees half a file. */
export class LocalImageStore implements ImageStore {
  constructor(private readonly root: string) {}
  get describe() {
    return this.root;
  }
  async put(key: string, bytes: Buffer, _contentType?: string): Promise<void> {
    checkKey(key);
    const file = path.join(this.root, key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, file);
  }
  async get(key: string): Promise<Buffer | null> {
    checkKey(key);
    try {
      return await readFile(path.join(this.root, key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding as SigV4 wants it (`encodeURIComponent` leaves `!'()*` alone). */
const uriEncode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SignInput {
  method: string;
  url: URL;
  /** Lower-case names; `host` is added from the URL. */
  headers: Record<string, string>;
  payloadHash: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
  date: Date;
}

/**
 * AWS Signature Version 4 (the `Authorization` header) for a request to an S3-compatible store. Pinned against AWS's
 * published example in upstream/src/kit/image-store.test.ts.
 */
export function signV4(input: SignInput): string {
  const service = input.service ?? 's3';
  const amzDate = input.date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = { host: input.url.host, ...input.headers };
  const names = Object.keys(headers)
    .map((n) => n.toLowerCase())
    .sort();
  const canonicalHeaders = names.map((n) => `${n}:${String(headers[n]).trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalPath = input.url.pathname
    .split('/')
    .map((part) => uriEncode(decodeURIComponent(part)))
    .join('/');
  const query = [...input.url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [input.method, canonicalPath, query, canonicalHeaders, signedHeaders, input.payloadHash].join('\n');
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** An S3-compatible bucket, addressed path-style (`{endpoint}/{bucket}/{key}`), which every such store accepts. */
export class S3ImageStore implements ImageStore {
  constructor(
    private readonly endpoint: URL,
    private readonly bucket: string,
    private readonly accessKeyId: string,
    private readonly secretAccessKey: string,
    private readonly region: string,
    private readonly now: () => Date = () => new Date(),
  ) {}
  get describe() {
    return `${this.endpoint.origin}/${this.bucket}`;
  }
  private async send(method: 'PUT' | 'GET', key: string, body?: Buffer, contentType?: string): Promise<Response> {
    checkKey(key);
    const url = new URL(`${this.endpoint.origin}/${this.bucket}/${key}`);
    const date = this.now();
    const payloadHash = sha256Hex(body ?? '');
    const headers: Record<string, string> = {
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': date
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, ''),
    };
    if (contentType) headers['content-type'] = contentType;
    const authorization = signV4({
      method,
      url,
      headers,
      payloadHash,
      accessKeyId: this.accessKeyId,
      secretAccessKey: this.secretAccessKey,
      region: this.region,
      date,
    });
    return fetch(url, { method, headers: { ...headers, authorization }, body: body ? new Uint8Array(body) : undefined, signal: AbortSignal.timeout(15_000) });
  }
  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const res = await this.send('PUT', key, bytes, contentType);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`The image store answered ${res.status} to a PUT of ${key}`);
  }
  async get(key: string): Promise<Buffer | null> {
    const res = await this.send('GET', key);
    if (res.status === 404) {
      await res.arrayBuffer();
      return null;
    }
    if (!res.ok) throw new Error(`The image store answered ${res.status} to a GET of ${key}`);
    return Buffer.from(await res.arrayBuffer());
  }
}

/** The store a setting names (see `ImageStore`); anything else than a folder or an s3 URL is refused at start. */
export function openImageStore(setting: string): ImageStore {
  const match = /^s3(\+https?)?:\/\//.exec(setting);
  if (!match) return new LocalImageStore(path.resolve(setting));
  const url = new URL(setting.replace(/^s3(\+https?)?:/, match[1] === '+http' ? 'http:' : 'https:'));
  const bucket = url.pathname.split('/').filter(Boolean)[0];
  if (!bucket || !url.username || !url.password)
    throw new Error('IMAGE_STORE: an s3 URL names the key, the secret and the bucket: s3://KEY:SECRET@host/bucket');
  const endpoint = new URL(`${url.protocol}//${url.host}`);
  return new S3ImageStore(endpoint, bucket, decodeURIComponent(url.username), decodeURIComponent(url.password), url.searchParams.get('region') ?? 'us-east-1');
}
