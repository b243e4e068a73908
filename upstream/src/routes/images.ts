import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { IMAGE_KEY, IMAGE_RESOURCES, IMAGE_TYPES, MAX_IMAGE_BYTES, uploadedImageSchema, type ImageExt } from '@contract/images';
import { memberItemSchema } from '@contract/resources/accounts';
import { setMemberPhoto } from '../domain/accounts';
import { saveImage, thumbKeyOf } from '../domain/images';
import { requireAppKey } from '../kit/app-channel';
import { assertCan, requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { errorBody, forbidden, MESSAGES, notFoundData } from '../kit/errors';
import { openImageStore, type ImageStore } from '../kit/image-store';
import { addRoute } from '../kit/routes';
import { errorResponses, jsonResponse, parseId } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';
import { apiRuleFor, SERVICE_PATHS } from '@contract/access';
import { readUpTo } from '../kit/body';

const opened = new WeakMap<AppDeps, ImageStore>();
/** The deps' image store (opened once from the setting when the deps name none). */
export function imageStoreOf(deps: AppDeps): ImageStore {
  if (deps.images) return deps.images;
  let store = opened.get(deps);
  if (!store) {
    store = openImageStore(deps.config.imageStore);
    opened.set(deps, store);
  }
  return store;
}

/** The Platform API's origin as the caller reached it: where the apps load `/api/images/{key}` from. */
export const imageOriginOf = (c: Context<AppEnv>): string => new URL(c.req.url).origin;

/** Images are immutable (a key is its content's hash): a year in any cache, revalidated by the key. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Image upload for the screens whose rows carry images (contract/images.ts), and the images served to the portal and
 * the apps: `GET /api/images/{key}` and `/api/images/thumb/{key}`, public (keys are unguessable hashes of content
 * someone chose to publish), cached for a year.
 */
export function registerImageRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);
  /** Reads the body (at most the image limit), checks and stores the image for the caller's company. */
  const receive = async (c: Context<AppEnv>): Promise<Response> => {
    const bytes = await readUpTo(c.req.raw.body, MAX_IMAGE_BYTES);
    if (bytes === null) return c.json(errorBody(MESSAGES.tooLarge, { file: ['imageTooLarge'] }), 413, { connection: 'close' });
    const image = await saveImage(deps.db, imageStoreOf(deps), c.var.auth.companyId, bytes, c.var.auth.uid);
    return c.json({ status: true as const, data: image }, 201);
  };
  for (const resource of IMAGE_RESOURCES) {
    // Creating or editing the screen's rows is what an image is for: either flag admits the upload.
    const createOrWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
      const rule = apiRuleFor(c.req.path);
      if (!rule || rule.permission === true) throw forbidden();
      // A screen only admins open (System settings' logo) takes uploads from admins only.
      if (SERVICE_PATHS.some((p) => p.path === `/${resource}` && 'admin' in p && p.admin) && c.var.auth.role !== 'admin') throw forbidden();
      try {
        await assertCan(deps, c.var.auth, rule.service, rule.permission, 'create');
      } catch {
        await assertCan(deps, c.var.auth, rule.service, rule.permission, 'write');
      }
      await next();
    };
    addRoute(
      app,
      'Images',
      [authed, requireServiceRoute(deps, resource, 'read'), createOrWrite],
      {
        method: 'post',
        path: `/api/admin/{service}/${resource}/Images`,
        operationId: `upload${resource.replace('/', '')}Image`,
        summary: `Upload an image for a ${resource} row`,
        description: `The body is the image's bytes (JPEG, PNG or WebP, recognised by their content; at most ${MAX_IMAGE_BYTES} bytes). It is kept at most 2048 px on its longer side, turned upright, without its metadata, with a 320 px WebP thumbnail. Answers its key, which the row's \`images\` (or \`imageUrl\`) then names; the same bytes again answer the same key. 400 \`file: invalidPhoto\` (not an image of those types, or broken), \`imageTooManyPixels\` (more than 25 megapixels declared, read from the header before any decode), 503 with \`Retry-After\` while 8 uploads already wait for their decode, 413 \`file: imageTooLarge\`. Needs \`create\` or \`write\` on the screen.`,
        request: {
          params: serviceParamSchema,
          body: {
            required: true,
            description: 'The image bytes',
            content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
          },
        },
        responses: {
          201: jsonResponse(z.object({ status: z.literal(true), data: z.object(uploadedImageSchema.shape).openapi('UploadedImage') }), 'The stored image'),
          ...errorResponses,
          413: jsonResponse(
            z.object({ status: z.literal(false), message: z.string(), errors: z.record(z.string(), z.array(z.string())) }),
            'Larger than the limit',
          ),
        },
      },
      receive,
    );
  }

  // The signed-in user's own photo (the Profile page): anyone signed in, for themselves.
  addRoute(
    app,
    'Images',
    [authed],
    {
      method: 'post',
      path: '/api/admin/Profile/Images',
      operationId: 'uploadProfileImage',
      summary: "Upload the signed-in user's photo",
      description: 'As the screens’ uploads (the same checks, keeping and answer); the key then goes in the profile’s `photoUrl` (`PUT /api/admin/Profile`).',
      request: {
        body: { required: true, description: 'The image bytes', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
      },
      responses: {
        201: jsonResponse(z.object({ status: z.literal(true), data: z.object(uploadedImageSchema.shape).openapi('UploadedProfileImage') }), 'The stored image'),
        ...errorResponses,
      },
    },
    receive,
  );

  // The member app sets or clears its member's photo (app channel: never forwarded by the portal).
  const memberParams = serviceParamSchema.extend({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '12' }) });
  const memberAnswer = jsonResponse(z.object({ status: z.literal(true), data: memberItemSchema.openapi('MemberWithPhoto') }), 'The member with the photo');
  const appMember = [authed, requireAppKey(deps), requireServiceRoute(deps, 'Members', 'write')];
  const photoOf = async (c: Context<AppEnv>, photo: string): Promise<Response> => {
    const member = await setMemberPhoto(deps.db, c.var.service, parseId(c.req.param('id') ?? '') ?? -1, photo, deps.now());
    if (!member) throw notFoundData();
    return c.json({ status: true as const, data: member }, 200);
  };
  addRoute(
    app,
    'App channel',
    appMember,
    {
      method: 'put',
      path: '/api/app/{service}/Members/{id}/Photo',
      operationId: 'setMemberPhoto',
      summary: 'A member sets their photo (the member app)',
      description:
        "The body is the image's bytes, checked and kept as the screens' uploads are (JPEG, PNG or WebP by content, at most the image limit, upright, without metadata, with a thumbnail); the member's `photo` becomes its key. 404 when the member is not in the caller's app and area.",
      request: {
        params: memberParams,
        body: { required: true, description: 'The image bytes', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
      },
      responses: { 200: memberAnswer, ...errorResponses },
    },
    async (c) => {
      const bytes = await readUpTo(c.req.raw.body, MAX_IMAGE_BYTES);
      if (bytes === null) return c.json(errorBody(MESSAGES.tooLarge, { file: ['imageTooLarge'] }), 413, { connection: 'close' });
      const image = await saveImage(deps.db, imageStoreOf(deps), c.var.auth.companyId, bytes, c.var.auth.uid);
      return photoOf(c, image.key);
    },
  );
  addRoute(
    app,
    'App channel',
    appMember,
    {
      method: 'delete',
      path: '/api/app/{service}/Members/{id}/Photo',
      operationId: 'clearMemberPhoto',
      summary: 'A member removes their photo (the member app)',
      description: "The member's `photo` becomes ''; the image itself stays (other rows may name the same bytes).",
      request: { params: memberParams },
      responses: { 200: memberAnswer, ...errorResponses },
    },
    (c) => photoOf(c, ''),
  );

  const notFound = () => new Response(JSON.stringify(errorBody(MESSAGES.notFound)), { status: 404, headers: { 'content-type': 'application/json' } });
  const serve = async (ifNoneMatch: string | undefined, key: string, ext: ImageExt): Promise<Response> => {
    const etag = `"${key.replace(/^thumb\//, 't-')}"`;
    const headers = { 'cache-control': IMMUTABLE, etag, 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'" };
    if (ifNoneMatch === etag) return new Response(null, { status: 304, headers });
    const bytes = await imageStoreOf(deps).get(key);
    if (!bytes) return notFound();
    return new Response(new Uint8Array(bytes), {
      status: 200,
      headers: { ...headers, 'content-type': IMAGE_TYPES[ext], 'content-length': String(bytes.length) },
    });
  };
  const keyParam = z.object({
    key: z
      .string()
      .max(80)
      .openapi({ param: { name: 'key', in: 'path' }, example: `${'0'.repeat(64)}.jpg` }),
  });
  const binary = z.string().openapi({ format: 'binary' });
  const imageResponses = {
    200: { description: 'The image', content: { 'image/jpeg': { schema: binary }, 'image/png': { schema: binary }, 'image/webp': { schema: binary } } },
    304: { description: 'Unchanged (`if-none-match`)' },
    404: { description: 'No such image' },
  };
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/images/{key}',
      tags: ['Images'],
      operationId: 'getImage',
      summary: 'An uploaded image',
      description: 'Public and immutable: `cache-control: public, max-age=31536000, immutable`, the key as its ETag.',
      request: { params: keyParam },
      responses: imageResponses,
    }),
    async (c) => {
      const key = c.req.param('key');
      if (!IMAGE_KEY.test(key)) return notFound();
      return serve(c.req.header('if-none-match'), key, key.slice(65) as ImageExt);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/images/thumb/{key}',
      tags: ['Images'],
      operationId: 'getImageThumbnail',
      summary: "An uploaded image's thumbnail",
      description: 'WebP, at most 320 px on its longer side; `{key}` is the image key with `.webp` as its extension. Cached as the image.',
      request: { params: keyParam },
      responses: imageResponses,
    }),
    async (c) => {
      const key = c.req.param('key');
      if (!/^[0-9a-f]{64}\.webp$/.test(key)) return notFound();
      return serve(c.req.header('if-none-match'), thumbKeyOf(key), 'webp');
    },
  );
}
