import pino from 'pino';

/**
 * The Platform API's logs. `LOG_FORMAT=json` (the production images set it): one JSON object per line through pino,
 * with the request id the portal sent (`x-request-id`) so a portal call and the API's work for it can be joined.
 * Otherwise plain lines for a person at a terminal. Neither ever holds a token, password, OTP or query string: a
 * request is logged by its method, path, status and time only.
 */
export interface RequestLogEntry {
  reqId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

export interface ApiLogger {
  /** A message (startup, a failure); a string only, never an object that could carry a secret. */
  info(message: string): void;
  request(entry: RequestLogEntry): void;
}

/** Sensitive fields pino removes should a caller ever log an object holding them. */
const REDACT = ['authorization', 'cookie', 'password', 'newPassword', 'currentPassword', 'OTP', 'otp', 'accessToken', 'refreshToken', 'token'];

export function createLogger(format: 'json' | 'text', write: (line: string) => void = (line) => process.stdout.write(line)): ApiLogger {
  if (format === 'text') {
    return {
      info: (message) => write(`${message}\n`),
      request: (e) => write(`[api] ${e.method} ${e.path} ${e.status} ${e.ms.toFixed(1)}ms ${e.reqId}\n`),
    };
  }
  const logger = pino(
    { base: { service: 'platform-api' }, redact: { paths: REDACT.flatMap((k) => [k, `*.${k}`]), remove: true }, timestamp: pino.stdTimeFunctions.isoTime },
    { write },
  );
  return {
    info: (message) => logger.info(message),
    request: (e) => logger.info({ reqId: e.reqId, method: e.method, path: e.path, status: e.status, ms: Math.round(e.ms * 10) / 10 }, 'request'),
  };
}
