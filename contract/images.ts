import { z } from 'zod';
import { CODES } from './codes';
import { IMAGE_KEY } from './image-paths';

export * from './image-paths';

/** The field of one uploaded image's key. */
export const imageKeyField = () => z.string().regex(IMAGE_KEY, CODES.notAnImage);
/**
 * One picture of a row: an uploaded image's key, or a web address (http or https, at most 500 characters) as rows
 * held before uploads existed. The apps show a key at `{Platform API}/api/images/{key}`.
 */
export const imageRefField = () =>
  z
    .string()
    .trim()
    .min(1, CODES.required)
    .max(500, CODES.invalidUrl)
    .refine((v) => IMAGE_KEY.test(v) || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), CODES.invalidUrl);

/** A row's images, in the order shown (the first is its picture in lists). */
export const imageListField = (max = 8) => z.array(imageKeyField()).max(max, CODES.outOfRange).default([]);

/** The upload's answer. */
export const uploadedImageSchema = z.object({ key: z.string().regex(IMAGE_KEY), width: z.number().int(), height: z.number().int(), bytes: z.number().int() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
