import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { CODES } from '@contract/codes';
import { IMAGE_MAX_SIDE, MAX_IMAGE_PIXELS, THUMB_SIDE, type ImageExt } from '@contract/images';

// One image at a time: decoding is memory-hungry, and the portal's uploads come one by one anyway.
sharp.concurrency(1);
sharp.cache(false);

export interface DecodedImage {
  key: string;
  ext: ImageExt;
  width: number;
  height: number;
  /** The image as kept: its orientation applied, at most IMAGE_MAX_SIDE on its longer side, metadata (GPS, camera) removed. */
  main: Buffer;
  /** WebP, at most THUMB_SIDE on its longer side. */
  thumb: Buffer;
}

/** A decode's answer: the image, or the field code that refuses it. */
export type DecodeAnswer = { ok: true; image: DecodedImage } | { ok: false; code: string };

/** Decodes an upload whose type and declared pixels were already checked, and makes its kept image and thumbnail. */
export async function decodeImage(bytes: Buffer, ext: ImageExt): Promise<DecodeAnswer> {
  const refused = (code: string): DecodeAnswer => ({ ok: false, code });
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return refused(CODES.notAnImage);
  }
  if (!meta.width || !meta.height || meta.format !== (ext === 'jpg' ? 'jpeg' : ext)) return refused(CODES.notAnImage);
  if ((meta.pages ?? 1) > 1) return refused(CODES.notAnImage);
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) return refused(CODES.imageTooManyPixels);
  const source = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
  try {
    const resized = source().resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      ext === 'jpg' ? resized.jpeg({ quality: 85, mozjpeg: true }) : ext === 'png' ? resized.png({ compressionLevel: 9 }) : resized.webp({ quality: 85 });
    const { data: main, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumb = await source().resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    const key = `${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
    return { ok: true, image: { key, ext, width: info.width, height: info.height, main, thumb } };
  } catch {
    return refused(CODES.notAnImage);
  }
}
