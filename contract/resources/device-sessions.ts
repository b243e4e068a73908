import { z } from 'zod';
import { filter, listQuerySchema } from '../list';
import type { ResourceContractBase } from '../resource';

/**
 * Device Sessions (company area): every signed-in session of the company's people, with the device and browser it
 * came from, where from, when it began and when it was last seen; a session, or all of one person's, can be revoked
 * (the revoked browser is signed out on its next request). Rows are named by the session's public `ref`.
 */
export const deviceSessionContract = {
  name: 'DeviceSession',
  path: 'DeviceSession',
  scope: 'company',
  sort: ['createdAt', 'lastSeenAt', 'username'],
  defaultSort: { sort: 'lastSeenAt', order: 'desc' },
  search: ['username', 'displayName', 'ip', 'userAgent'],
  schemas: {
    item: z.object({
      /** The session's public ref. */
      id: z.string(),
      uid: z.coerce.string(),
      username: z.string(),
      displayName: z.string(),
      role: z.string(),
      root: z.boolean(),
      /** How it began: login, register, an auto-login. */
      via: z.string(),
      userAgent: z.string(),
      /** Read from the user agent (contract/user-agent.ts). */
      device: z.enum(['desktop', 'phone', 'tablet', 'other']),
      browser: z.string(),
      ip: z.string(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      revokedAt: z.string().nullable(),
      live: z.boolean(),
      /** The caller's own session. */
      current: z.boolean(),
      /** `current` (the caller's own), `live` or `revoked`. */
      state: z.enum(['current', 'live', 'revoked']),
    }),
    query: listQuerySchema(['createdAt', 'lastSeenAt', 'username'], { uid: filter.ref(), live: filter.bool() }),
  },
} as const satisfies ResourceContractBase;
export type DeviceSessionRow = z.infer<typeof deviceSessionContract.schemas.item>;

/** `POST DeviceSession/user/{uid}/revoke` and `DELETE DeviceSession/{ref}`: how many sessions ended. */
export const revokedAnswerSchema = z.object({ revoked: z.number().int() });
