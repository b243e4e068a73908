import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import type { ServiceName } from '@/lib/routes';
import { failure, upstreamFailure } from './api-response';
import { acquireStreamSlot, checkLiveAccess, liveRouteFor, serviceAppId } from './live-access';
import { LIVE_CHANNELS } from './live-channels';
import { liveStream, SSE_HEADERS } from './live-stream';
import { clearSessionCookies, getRequestSession, writeSessionCookie } from './session';
import type { PortalSession } from './session-codec';
import { isUpstreamError, renewIfDue } from './upstream';

/**
 * `GET /api/live/{service}?channel=…`: a screen's server-sent events (the channel, `lib/server/live-channels.ts`; the
 * Task Monitoring's when none is named). The same checks as the channel's page (session, route rule, read flag of its
 * permission), then a stream relaying the upstream's `/ws` events of the service's app that the channel carries. A
 * token renewed or refreshed on the way is written to the cookie on this response.
 */
export async function handleLive(request: NextRequest, service: string): Promise<NextResponse> {
  const channelName = request.nextUrl.searchParams.get('channel') ?? 'monitor';
  const channel = Object.hasOwn(LIVE_CHANNELS, channelName) ? LIVE_CHANNELS[channelName] : undefined;
  const route = channel ? liveRouteFor(service, channel.path) : null;
  if (!route || !channel) return failure(404, 'notFound');
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
  const stream = liveStream({ session: current, route, appId, relayable: channel.relayable, signal: request.signal, onClose: release });
  return withCookie(new NextResponse(stream, { status: 200, headers: SSE_HEADERS }));
}
