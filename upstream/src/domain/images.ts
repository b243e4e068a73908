import { CODES } from '@contract/codes';
import { IMAGE_KEY, IMAGE_TYPES, imagePath, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, type ImageExt, type UploadedImage } from '@contract/images';
import type { Db } from '../db/client';
import { images } from '../db/schema';
import { invalid } from '../kit/errors';
import type { ImageStore } from '../kit/image-store';
import { imageDimensions } from '../kit/image-header';
import { WorkQueue } from '../kit/work-queue';
import type { DecodedImage } from './image-decode/decode';
import { decodeOutside } from './image-decode/process';

/**
 * The decodes of a process run through this queue, each in the decode process (image-decode/process.ts, at a lower
 * scheduling priority): one at a time, up to 8 more waiting in turn, a 503 with `Retry-After` beyond that. Uploads
 * wait for each other; the other requests keep the machine.
 */
export const decodeQueue = new WorkQueue(1, 8);

/** The image type its first bytes say, never its name or declared type: JPEG, PNG or WebP, else null. */
export function sniffImage(bytes: Uint8Array): ImageExt | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

export type IngestedImage = DecodedImage;

const refuse = (code: string) => invalid({ file: [code] });

/**
 * Checks an upload and makes what is stored of it: its type by content, its size, the pixels its header declares
 * (read by kit/image-header.ts before any library sees the bytes), then a decode that must succeed, in its turn of
 * the decode queue. 400 `{file: [notAnImage | imageTooLarge | imageTooManyPixels]}` otherwise; 503 when the queue is full.
 */
export async function ingestImage(bytes: Buffer, queue: WorkQueue = decodeQueue): Promise<IngestedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw refuse(CODES.imageTooLarge);
  const ext = sniffImage(bytes);
  if (!ext) throw refuse(CODES.notAnImage);
  const declared = imageDimensions(bytes);
  if (!declared || !declared.width || !declared.height) throw refuse(CODES.notAnImage);
  if (declared.width * declared.height > MAX_IMAGE_PIXELS) throw refuse(CODES.imageTooManyPixels);
  return queue.run(() => decode(bytes, ext));
}

async function decode(bytes: Buffer, ext: ImageExt): Promise<IngestedImage> {
  const answer = await decodeOutside(bytes, ext);
  if (!answer.ok) throw refuse(answer.code);
  return answer.image;
}

/** The store key of an image's thumbnail. */
export const thumbKeyOf = (key: string) => `thumb/${key.replace(/\.(jpg|png|webp)$/, '.webp')}`;

/** Stores an upload (image and thumbnail) and records it once per company; the same bytes again are the same image. */
export async function saveImage(db: Db, store: ImageStore, companyId: number, bytes: Buffer, userId: number | null): Promise<UploadedImage> {
  const image = await ingestImage(bytes);
  await store.put(image.key, image.main, IMAGE_TYPES[image.ext]);
  await store.put(thumbKeyOf(image.key), image.thumb, IMAGE_TYPES.webp);
  await db
    .insert(images)
    .values({
      companyId,
      key: image.key,
      contentType: IMAGE_TYPES[image.ext],
      width: image.width,
      height: image.height,
      bytes: image.main.length,
      createdBy: userId,
    })
    .onConflictDoNothing();
  return { key: image.key, width: image.width, height: image.height, bytes: image.main.length };
}

/**
 * The address an app loads a row's picture from: an uploaded image's key at `{origin}/api/images/{key}` (`origin`
 * the Platform API's, as the app called it), a web address as it is, '' for none.
 */
export const imageUrlOf = (ref: string, origin: string): string => (IMAGE_KEY.test(ref) ? `${origin}${imagePath(ref)}` : ref);
