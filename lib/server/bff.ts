import 'server-only';
import { clientHeaders } from './sign-in';
import { REQUEST_ID_HEADER, requestIdOf } from '@contract/request-id';
import { logPortalRequest } from './log';
import { NextResponse, type NextRequest } from 'next/server';
import { can } from '@/lib/permissions';
import { approvalNeeded, canApprove } from '@contract/access';
import { failure, upstreamFailure } from './api-response';
import { resolveBffRule } from './bff-rules';
import { fetchPermissionList } from './permissions';
import { isSameOriginRequest, readBytesBody, readJsonBody } from './request-checks';
import { isImageUpload, MAX_IMAGE_BYTES } from '@contract/images';
import { isImportUpload, MAX_IMPORT_BYTES } from '@contract/imports';
import { checkResourceBody } from '@/lib/resources/body-check';
import { clearSessionCookies, getRequestSession, writeSessionCookie } from './session';
import { forgetCompanyBrand } from './company-brand';
import type { PortalSession } from './session-codec';
import { isUpstreamError, readBody, renewIfDue, sessionExchange, type Exchange } from './upstream';

/** Request headers passed on besides the ones the session gives; cookies and tenant headers never are. */
const FORWARDED_REQUEST_HEADERS = ['accept-language', 'idempotency-key', 'if-match', 'if-none-match'];
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'content-disposition', 'etag', 'last-modified', 'retry-after'];
/** Keys removed from JSON answers: no token ever reaches the browser. */
const TOKEN_KEYS = new Set(['accessToken', 'refreshToken', 'resetToken']);

function scrubTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubTokens);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) if (!TOKEN_KEYS.has(key)) out[key] = scrubTokens(inner);
    return out;
  }
  return value;
}

function isJsonType(contentType: string): boolean {
  return contentType === '' || /[/+]json\b/i.test(contentType);
}

/** Content types the BFF passes through as they are (exports: CSV, XLSX). Anything else that is not JSON is never relayed. */
const STREAMED_TYPES = /^(text\/csv|application\/octet-stream|application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet)\b/i;

/**
 * The upstream's status and body, never relayed verbatim when it could be dangerous on the portal's origin: a 5xx or a
 * redirect, an HTML page or any other unexpected type, and JSON that does not parse all become a 502 JSON error with
 * a message of the portal's own. JSON is checked for tokens; CSV exports are streamed.
 */
async function relay(ex: Exchange): Promise<NextResponse> {
  const upstream = ex.response;
  const headers = new Headers({ 'cache-control': 'no-store' });
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  const contentType = headers.get('content-type') ?? '';
  // Read and drop what is not relayed, so the keep-alive socket is free again.
  const refuse = async () => {
    await readBody(ex).catch(() => undefined);
    return failure(502, 'upstreamMalformed');
  };
  if (upstream.status >= 500 || (upstream.status >= 300 && upstream.status < 400)) return refuse();
  if (STREAMED_TYPES.test(contentType) && upstream.status < 300) {
    ex.release();
    return new NextResponse(upstream.stream(), { status: upstream.status, headers });
  }
  if (upstream.status === 204 || upstream.status === 304) {
    await readBody(ex).catch(() => undefined);
    return new NextResponse(null, { status: upstream.status, headers });
  }
  if (!isJsonType(contentType)) return refuse();
  const body = await readBody(ex);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return failure(502, 'upstreamMalformed');
  }
  headers.set('content-type', 'application/json');
  const clean = [...TOKEN_KEYS].some((key) => body.includes(`"${key}"`)) ? JSON.stringify(scrubTokens(parsed)) : body.toString('utf8');
  return new NextResponse(clean, { status: upstream.status, headers });
}

function endedResponse(request: NextRequest): NextResponse {
  const response = failure(401, 'sessionEnded');
  clearSessionCookies(response, request);
  return response;
}

/**
 * The BFF: `/api/admin/...` → the same upstream path, for allow-listed paths only, after the method's permission
 * flag. Same origin for state-changing calls, JSON bodies only, at most 1 MB.
 */
export async function handleBff(request: NextRequest): Promise<NextResponse> {
  const reqId = requestIdOf(request.headers.get(REQUEST_ID_HEADER));
  const started = performance.now();
  const response = await forward(request, reqId);
  response.headers.set(REQUEST_ID_HEADER, reqId);
  logPortalRequest({ reqId, method: request.method, path: request.nextUrl.pathname, status: response.status, ms: performance.now() - started });
  return response;
}

const PROFILE_PATH = '/api/admin/Profile';
/** Where the company's name and logo are saved: System settings (a service's) and Information (the company area's). */
const SYSTEM_SETTINGS_PATH = /^\/api\/admin\/(?:[^/]+\/Setting\/System|Information\/Company)$/;
async function withSavedName(session: PortalSession, response: NextResponse): Promise<PortalSession> {
  try {
    const answer = (await response.clone().json()) as { data?: { displayName?: unknown } };
    const name = answer.data?.displayName;
    if (typeof name !== 'string' || name === session.UserData.displayName) return session;
    return { ...session, UserData: { ...session.UserData, displayName: name } };
  } catch {
    return session;
  }
}

async function forward(request: NextRequest, reqId: string): Promise<NextResponse> {
  const method = request.method.toUpperCase();
  if (method !== 'GET' && !isSameOriginRequest(request.headers, request.nextUrl)) return failure(403, 'crossSite');

  const session = await getRequestSession(request);
  if (!session) {
    const response = failure(401, 'notSignedIn');
    clearSessionCookies(response, request);
    return response;
  }
  const decision = resolveBffRule(method, request.nextUrl.pathname, session.UserData.uid);
  if (decision.kind === 'reject') return failure(decision.status, decision.code);

  // An image upload (contract/images.ts) is the image's bytes, for users who may create or edit the screen's rows.
  const segments = decision.path.slice('/api/admin/'.length).split('/').map(decodeURIComponent);
  const upload = isImageUpload(method, segments);
  // An import's file (contract/imports.ts) is its bytes too, for users who may create the screen's rows.
  const importFile = isImportUpload(method, segments);
  let body: string | undefined;
  let bytes: Uint8Array | undefined;
  if (upload || importFile) {
    const read = await readBytesBody(request, importFile ? MAX_IMPORT_BYTES : MAX_IMAGE_BYTES);
    if (!read.ok) return failure(read.status, read.code);
    bytes = read.bytes;
  } else if (method !== 'GET') {
    const read = await readJsonBody(request);
    if (!read.ok) return failure(read.status, read.code);
    body = read.text || undefined;
  }

  let current: PortalSession = session;
  const persist = (next: PortalSession) => {
    current = next;
  };
  try {
    await renewIfDue(session, persist);
    if (decision.permission !== true && decision.service) {
      const list = await fetchPermissionList(current, persist);
      const allowed = upload
        ? can(list, decision.service, decision.permission, 'create') || can(list, decision.service, decision.permission, 'write')
        : can(list, decision.service, decision.permission, decision.flag);
      if (!allowed) return failure(403, 'notAuthorized');
    }
    // A call that can make a shop or biker active needs the approval right besides its path's flag (contract/access/approval.ts).
    const approval = approvalNeeded(method, segments, body === undefined ? undefined : JSON.parse(body));
    if (approval && !canApprove(await fetchPermissionList(current, persist), approval.service, approval.kind)) return failure(403, 'notAuthorized');
    // Resource writes pass the same zod schema as their form before they are forwarded.
    const errors = body === undefined ? null : checkResourceBody(method, request.nextUrl.pathname, JSON.parse(body));
    if (errors) return failure(400, 'invalidInput', { errors });
    const headers: Record<string, string> = { [REQUEST_ID_HEADER]: reqId };
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers.get(name);
      if (value) headers[name] = value;
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (bytes !== undefined) headers['content-type'] = 'application/octet-stream';
    // A change is recorded with who made it from where (the Platform API's audit log).
    if (method !== 'GET') Object.assign(headers, clientHeaders(request));
    const ex = await sessionExchange(decision.path, {
      method,
      body: bytes ?? body,
      headers,
      query: request.nextUrl.search,
      session: current,
      persist,
    });
    if (ex.response.status === 401) {
      ex.release();
      ex.response.discard();
      return endedResponse(request);
    }
    const response = await relay(ex);
    // A saved profile renames the user: the session keeps the new name, so the navbar shows it on the next render.
    if (method === 'PUT' && decision.path === PROFILE_PATH && response.ok) current = await withSavedName(current, response);
    // Saved System settings rename the company: the frame reads its brand again on the next page.
    if (method === 'PUT' && SYSTEM_SETTINGS_PATH.test(decision.path) && response.ok) forgetCompanyBrand(current.companies);
    if (current !== session) await writeSessionCookie(response, request, current);
    return response;
  } catch (error) {
    if (isUpstreamError(error) && error.code === 'session-ended') return endedResponse(request);
    const response = upstreamFailure(error);
    if (current !== session) await writeSessionCookie(response, request, current);
    return response;
  }
}
