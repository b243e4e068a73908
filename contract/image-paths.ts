/**
 * The images' formats, limits, keys and addresses (no zod), for the browser: list cells, forms and the menu import
 * this, so a page's JavaScript does not carry the schemas (contract/images.ts re-exports all of it).
 *
 * Uploaded images (docs/catalogue.md "Images"): the Platform API takes JPEG, PNG or WebP, recognised by their bytes
 * (never by name or declared type), stores the image and a WebP thumbnail under a key made of the content's SHA-256,
 * and serves both at `/api/images/{key}` (`/api/images/thumb/{key}`) with a year's caching: a key never changes
 * content. Rows keep keys, never URLs, so the store can move.
 */
export const IMAGE_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
export type ImageExt = keyof typeof IMAGE_TYPES;

/** The largest upload, in bytes. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The most pixels an upload may declare (a "pixel bomb" declares far more than its bytes hold). */
export const MAX_IMAGE_PIXELS = 25_000_000;
/** The longest side an image is kept at, and its thumbnail's. */
export const IMAGE_MAX_SIDE = 2048;
export const THUMB_SIDE = 320;

/** `{sha256 hex}.{jpg|png|webp}`. */
export const IMAGE_KEY = /^[0-9a-f]{64}\.(jpg|png|webp)$/;

/** Where the portal shows an image and its thumbnail (the portal serves `/api/images/*` from the Platform API). */
export const imagePath = (key: string) => `/api/images/${key}`;
export const thumbPath = (key: string) => `/api/images/thumb/${key.replace(/\.(jpg|png|webp)$/, '.webp')}`;

/**
 * The screens whose rows carry images: each takes uploads at `POST /api/admin/{service}/{path}/Images` (raw image
 * bytes as the body), from users who may create or edit its rows.
 */
export const IMAGE_RESOURCES = [
  'Food',
  'Products',
  'Slide',
  'Promotion',
  'GiftVoucher',
  'GiftReward',
  'Shop',
  'Setting/System',
  'SupportFromPortal',
  'SupportFromShop',
  'PublicRelations',
  'ShopPublicRelations',
  'UserPublicRelations',
  'Broadcast',
  'Feed',
] as const;
export type ImageResource = (typeof IMAGE_RESOURCES)[number];

/** The signed-in user's own photo: `POST /api/admin/Profile/Images`. */
export const PROFILE_IMAGE_SEGMENTS = ['Profile', 'Images'] as const;

/** `['Delivery', 'Food', 'Images']`, `['Delivery', 'Setting', 'System', 'Images']` and the like, or `['Profile', 'Images']`: an upload path's segments below `/api/admin/`. */
export const isImageUpload = (method: string, segments: readonly string[]): boolean =>
  method.toUpperCase() === 'POST' &&
  ((segments.length >= 3 && segments.at(-1) === 'Images' && (IMAGE_RESOURCES as readonly string[]).includes(segments.slice(1, -1).join('/'))) ||
    (segments.length === 2 && segments[0] === PROFILE_IMAGE_SEGMENTS[0] && segments[1] === PROFILE_IMAGE_SEGMENTS[1]));

/** Why an upload is refused (400 `{file: [code]}`); the portal words them below `validation.`. */
export const IMAGE_ERRORS = ['notAnImage', 'imageTooLarge', 'imageTooManyPixels'] as const;
