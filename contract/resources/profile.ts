import { z } from 'zod';
import { CODES } from '../codes';
import { imageKeyField } from '../images';
import { nameField, textField, urlField, versionField } from '../fields';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../passwords';

/**
 * The signed-in user's own profile (`/Profile`, company and service side): display name, about, photo and presence,
 * and the password change. Every user reads and changes only their own; a password change ends every other session.
 */
export const PRESENCES = ['online', 'away', 'dnd', 'offline'] as const;
/**
 * A photo is an uploaded image's key (`POST /api/admin/Profile/Images`, contract/images.ts), an http(s) URL, or, as
 * photos were kept before uploads, an image inline (PNG, JPEG or WebP, at most about 200 kB).
 */
export const PHOTO_MAX_CHARS = 280_000;

const photoField = () =>
  z.union(
    [
      z.literal(''),
      imageKeyField(),
      urlField(),
      z
        .string()
        .max(PHOTO_MAX_CHARS, CODES.invalidPhoto)
        .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/, CODES.invalidPhoto),
    ],
    { error: CODES.invalidPhoto },
  );

export const profileUpdateSchema = z.object({
  displayName: nameField(100),
  about: textField(200).default(''),
  photoUrl: photoField().default(''),
  status: z.enum(PRESENCES, { error: CODES.required }),
  version: versionField(),
});

export const profileSchema = z.object({
  uid: z.coerce.string(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  displayName: z.string(),
  about: z.string(),
  photoUrl: z.string(),
  status: z.enum(PRESENCES),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** `POST /api/admin/Profile/password`: the current password, the new one twice ('Password doesn't match…'). */
export const passwordChangeSchema = z
  .object({
    current: z.string({ error: CODES.required }).min(1, CODES.required).max(PASSWORD_MAX_LENGTH),
    password: z.string({ error: CODES.required }).min(PASSWORD_MIN_LENGTH, CODES.moreThan7).max(PASSWORD_MAX_LENGTH, CODES.outOfRange),
    confirm: z.string({ error: CODES.required }),
  })
  .superRefine(
    (v, ctx) => {
      if (typeof v.password === 'string' && typeof v.confirm === 'string' && v.password !== v.confirm) {
        ctx.addIssue({ code: 'custom', path: ['confirm'], message: CODES.passwordMismatch });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
