import type { AppDeps } from '../kit/env';
import { loadPermissionList } from './permissions';
import { createSession, isSessionLive, rotateSession, type NewSession } from './sessions';
import { readSignedAccessToken, signAccessToken } from './tokens';
import { claimsFor, findActiveUserById, placementOf, userDataFor, type UserData, type UserRow } from './users';
import { parseId } from '../kit/schemas';

export interface LoginAnswer {
  status: true;
  accessToken: string;
  session: string;
  expiresIn: number;
  userData: UserData;
  message: string;
}

export const WRONG_CREDENTIALS = 'Wrong Email or Password';

/** Opens a session for the user and answers as the spec's login does. */
export async function issueLogin(deps: AppDeps, user: UserRow, session: Omit<NewSession, 'userId'>): Promise<LoginAnswer> {
  const now = deps.now();
  const placement = await placementOf(deps.db, user);
  const { sid, gen } = await createSession(deps.db, { ...session, userId: user.id }, now);
  const accessToken = await signAccessToken(deps.jwtKey, claimsFor(user, placement, sid, gen), now, deps.config.tokenExpiresIn);
  const permission = await loadPermissionList(deps.db, user.id);
  return {
    status: true,
    accessToken,
    session: sid,
    expiresIn: deps.config.tokenExpiresIn,
    userData: userDataFor(user, placement, permission),
    message: '',
  };
}

/**
 * Rotation: a validly signed access token (expired or not, within the refresh window) of a live session at its
 * current generation gets a new token; the session moves on, so the old token and a second refresh of it fail.
 */
export async function refreshAccessToken(deps: AppDeps, token: string): Promise<{ accessToken: string; expiresIn: number } | null> {
  const now = deps.now();
  const claims = await readSignedAccessToken(deps.jwtKey, token);
  if (!claims) return null;
  if ((claims.exp + deps.config.refreshWindowSeconds) * 1000 <= now.getTime()) return null;
  const uid = parseId(claims.uid);
  if (uid === null || !(await isSessionLive(deps.db, claims.sid, claims.gen, uid))) return null;
  const gen = await rotateSession(deps.db, claims.sid, claims.gen, now);
  if (gen === null) return null;
  deps.tokens.dropSession(claims.sid);
  const user = await findActiveUserById(deps.db, uid);
  if (!user) return null;
  const placement = await placementOf(deps.db, user);
  const accessToken = await signAccessToken(deps.jwtKey, claimsFor(user, placement, claims.sid, gen), now, deps.config.tokenExpiresIn);
  return { accessToken, expiresIn: deps.config.tokenExpiresIn };
}
