import 'server-only';
import pino from 'pino';

/**
 * The portal's own log lines. With `LOG_FORMAT=json` (the production image sets it): one JSON object per BFF call
 * through pino, with the request id it sent to the Platform API, its method, path (never the query string), status
 * and time; nothing of a cookie, token, password or OTP. Without it: nothing (Next.js logs for a developer).
 */
export interface PortalRequestEntry {
  reqId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

let logger: pino.Logger | null | undefined;
function jsonLogger(): pino.Logger | null {
  if (logger === undefined) {
    logger =
      process.env.LOG_FORMAT === 'json'
        ? pino({ base: { service: 'portal', instance: process.env.PORTAL_INSTANCE }, timestamp: pino.stdTimeFunctions.isoTime })
        : null;
  }
  return logger;
}

export function logPortalRequest(entry: PortalRequestEntry): void {
  jsonLogger()?.info({ reqId: entry.reqId, method: entry.method, path: entry.path, status: entry.status, ms: Math.round(entry.ms * 10) / 10 }, 'bff');
}
