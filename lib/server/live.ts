import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import type { ServiceName } from '@/lib/routes';
import { failure, upstreamFailure } from './api-response';
import { acquireStreamSlot, checkLiveAccess, monitorRouteFor, serviceAppId } from './live-access';
import { liveStream, SSE_HEADERS } from './live-stream';
import { clearSessionCookies, getRequestSession, writeSessionCookie } from './session';
import type { PortalSession } from './session-codec';
import { isUpstreamError, renewIfDue } from './upstream';

/**
 * `GET /api/live/{service}`: the Task Monitoring screen's server-sent events. The same checks as the page (session,
 * route rule, read flag of `Service {service} Monitor Biker`), then a stream relaying the upstream's `/ws` events of
 * the service's app. A token renewed or refreshed on the way is written to the cookie on this response.
 */
export async function handleLive(request: NextRequest, service: string): Promise<NextResponse> {
  const route = monitorRouteFor(service);
  if (!route) return failure(404, 'notFound');
  const session = await getRequestSession(request);
  if (!session) {
    const response = failure(401, 'notSignedIn');
    clearSessionCookies(response, request);
    return response;
  }

  let current: PortalSession = session;
  const persist = (next: PortalSession) => {
    current = next;
  };
  const withCookie = async (response: NextResponse) => {
    if (current !== session) await writeSessionCookie(response, request, current);
    return response;
  };

  let appId: string | null;
  try {
    await renewIfDue(session, persist);
    const access = await checkLiveAccess(route, current, persist);
    if (!access.ok) return withCookie(failure(access.status, 'notAuthorized'));
    appId = await serviceAppId(current, service as ServiceName, persist);
  } catch (error) {
    if (isUpstreamError(error) && error.code === 'session-ended') {
      const response = failure(401, 'sessionEnded');
      clearSessionCookies(response, request);
      return response;
    }
    return withCookie(upstreamFailure(error));
  }

  const release = acquireStreamSlot(session.sid);
  if (!release) return withCookie(failure(429, 'tooManyStreams'));
  const stream = liveStream({ session: current, route, appId, signal: request.signal, onClose: release });
  return withCookie(new NextResponse(stream, { status: 200, headers: SSE_HEADERS }));
}
