import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { verifyAutologinToken, type AutologinPurpose } from '@contract/autologin';
import { issueLogin, WRONG_CREDENTIALS, type LoginAnswer } from '../domain/auth';
import { consumeNonce, shopForUser } from '../domain/autologin';
import { findActiveUserById } from '../domain/users';
import type { AppDeps, AppEnv } from '../kit/env';
import { errorResponses, jsonBody, jsonResponse, parseId } from '../kit/schemas';
import { autologinAnswerSchema, autologinShopAnswerSchema, tokenBodySchema } from './auth-schemas';
import { clientOf } from '../kit/client';

const tags = ['Auth'];
const failure = { status: false as const, message: WRONG_CREDENTIALS };

type Accepted = { answer: LoginAnswer; author: string; shop: string };

/**
 * Verifies a signed auto-login token again (ARCHITECTURE.md section 5), records its nonce so the link works once
 * across every portal instance, and opens a session for its user.
 */
async function accept(deps: AppDeps, purpose: AutologinPurpose, token: string, client: ReturnType<typeof clientOf>): Promise<Accepted | null> {
  const nowSeconds = Math.floor(deps.now().getTime() / 1000);
  const result = await verifyAutologinToken(deps.config.autologinSecret, purpose, token, nowSeconds);
  if (!result.ok) return null;
  const { uid, nonce, author, shop, company } = result.payload;
  if (!(await consumeNonce(deps.db, `${purpose}:${nonce}`, purpose, uid, deps.now()))) return null;
  const userId = parseId(uid);
  const user = userId === null ? null : await findActiveUserById(deps.db, userId);
  if (!user) return null;
  // A link minted for one company never opens another company's account.
  if (company !== undefined && String(user.companyId) !== company) return null;
  let shopId: number | null = null;
  if (purpose === 'shop') {
    const wanted = parseId(shop);
    shopId = wanted === null ? null : await shopForUser(deps.db, user, wanted);
    if (shopId === null) return null;
  }
  const answer = await issueLogin(deps, user, {
    via: purpose === 'root' ? 'autologin-root' : purpose === 'portal' ? 'autologin-portal' : 'autologin-shop',
    author: author ?? null,
    shopId,
    ...client,
  });
  return { answer, author: author ?? purpose, shop: shopId === null ? '' : String(shopId) };
}

const describe = (who: string) =>
  `Body \`{token}\`: a signed auto-login token of purpose \`${who}\`. Bad signature, other purpose, expired, more than 300 s ahead or replayed → \`status:false\` (HTTP 200).`;

export function registerAutologinRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  for (const [path, purpose] of [
    ['autoLoginRoot', 'root'],
    ['autoLoginPortal', 'portal'],
  ] as const) {
    app.openapi(
      createRoute({
        method: 'post',
        path: `/api/admin/auth/${path}`,
        tags,
        summary: `Auto-login (${purpose})`,
        description: describe(purpose),
        request: { body: jsonBody(tokenBodySchema) },
        responses: { 200: jsonResponse(autologinAnswerSchema, 'As login, plus `author`'), 400: errorResponses[400] },
      }),
      async (c) => {
        const accepted = await accept(deps, purpose, c.req.valid('json').token, clientOf(c, deps.config.autologinSecret));
        if (!accepted) return c.json(failure, 200);
        return c.json({ ...accepted.answer, author: accepted.author }, 200);
      },
    );
  }

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/admin/auth/autologinShop',
      tags,
      summary: 'Auto-login (shop)',
      description: `${describe('shop')} The token carries \`shop\`, a shop of the user's scope.`,
      request: { body: jsonBody(tokenBodySchema) },
      responses: { 200: jsonResponse(autologinShopAnswerSchema, 'As login, plus `author` and `shop`'), 400: errorResponses[400] },
    }),
    async (c) => {
      const accepted = await accept(deps, 'shop', c.req.valid('json').token, clientOf(c, deps.config.autologinSecret));
      if (!accepted) return c.json(failure, 200);
      return c.json({ ...accepted.answer, author: accepted.author, shop: accepted.shop }, 200);
    },
  );
}
