import 'server-only';
import { permissionCatalogue, DEFAULT_READABLE, SERVICES, type ServiceName } from '@/lib/routes';
import { missingEntries, type PermissionList } from '@/lib/permissions';
import { safeRedirectTarget } from '@/lib/redirect';
import { LIMITS, newSessionId, portalSessionSchema, type PortalSession } from './session-codec';
import { permissionAnswerSchema, statusAnswerSchema, type AuthAnswer } from './upstream-schemas';
import { upstreamFetch, type PersistSession } from './upstream';

/** Used when an upstream's sign-in answer carries no `expiresIn` (the spec's register answer lists none). */
export function defaultExpiresIn(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.SESSION_DEFAULT_EXPIRES_IN);
  return Number.isInteger(value) && value > 0 ? value : 3600;
}

const clip = (value: string | undefined, max: number) => (value === undefined ? undefined : value.slice(0, max));

export interface SessionExtras {
  remember?: boolean;
  author?: string;
  shop?: string;
}

/**
 * The session a sign-in answer gives, or null: a false status, a missing token or user, or an answer lacking
 * companies or office leaves no session (spec section 4).
 */
export function sessionFromAnswer(answer: AuthAnswer, extras: SessionExtras = {}, now = Date.now()): PortalSession | null {
  if (answer.status === false || !answer.accessToken || !answer.userData) return null;
  const user = answer.userData;
  if (!user.companies || !user.office) return null;
  const expiresIn = answer.expiresIn && answer.expiresIn > 0 ? Math.floor(answer.expiresIn) : defaultExpiresIn();
  const candidate: PortalSession = {
    sid: newSessionId(),
    accessToken: answer.accessToken,
    session: answer.session ?? '',
    UserRole: user.userRole,
    UserData: {
      uid: user.uid,
      displayName: clip(user.displayName, LIMITS.text),
      email: clip(user.email, LIMITS.email),
      username: clip(user.username, LIMITS.text),
      userRole: user.userRole,
    },
    expiresIn,
    loggedIn: true,
    loggedInTime: now,
    appid: user.appid ?? '',
    companies: user.companies,
    office: user.office,
    root: user.root,
    area: clip(user.area, LIMITS.text) ?? '',
    AppType: user.AppType ?? '',
    ...(extras.remember ? { remember: true } : {}),
    ...((extras.author ?? answer.author) ? { author: clip(extras.author ?? answer.author, LIMITS.text) } : {}),
    ...((extras.shop ?? answer.shop) ? { shop: extras.shop ?? answer.shop } : {}),
  };
  const parsed = portalSessionSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

function isService(value: string): value is ServiceName {
  return (SERVICES as readonly string[]).includes(value);
}

/** A non-admin with an app goes to its dashboard; everyone else to '/'. */
export function homeFor(session: Pick<PortalSession, 'UserRole' | 'AppType'>): string {
  if (session.UserRole !== 'admin' && isService(session.AppType)) return `/Service/${session.AppType}/Dashboard`;
  return '/';
}

/** After sign-in: the sanitised `to`, else the user's home. */
export function afterSignIn(session: Pick<PortalSession, 'UserRole' | 'AppType'>, to: unknown): string {
  return safeRedirectTarget(to) ?? homeFor(session);
}

/** The server's list completed with the catalogue's missing names: all flags off except the dashboards' read. */
export function completedMenu(list: PermissionList): PermissionList {
  const merged = new Map(list.map((entry) => [entry.services, { services: entry.services, data: [...entry.data] }]));
  for (const { services, names } of permissionCatalogue()) {
    const entry = merged.get(services) ?? { services, data: [] };
    const have = new Set(entry.data.map((item) => item.name));
    for (const name of names) {
      if (have.has(name)) continue;
      const read = (DEFAULT_READABLE as readonly string[]).includes(name);
      entry.data.push({ name, read, write: false, create: false, delete: false });
    }
    merged.set(services, entry);
  }
  return [...merged.values()];
}

/**
 * On an administrator's sign-in: when the server's permission list lacks entries of the route registry, the catalogue
 * is sent with `setMenu` (the existing flags are kept; only an administrator may store it). Never fails the sign-in.
 */
export async function syncMenuCatalogue(session: PortalSession, persist: PersistSession): Promise<boolean> {
  if (session.UserRole !== 'admin') return false;
  try {
    const answer = await upstreamFetch('/api/admin/Permission/getPermission', { schema: permissionAnswerSchema, session, persist });
    if (missingEntries(answer.data, permissionCatalogue()).length === 0) return false;
    await upstreamFetch('/api/admin/Menu/setMenu', {
      method: 'POST',
      body: { menuName: completedMenu(answer.data) },
      schema: statusAnswerSchema,
      session,
      persist,
    });
    return true;
  } catch (error) {
    console.warn('The menu catalogue could not be sent to the Platform API:', (error as Error).message);
    return false;
  }
}
