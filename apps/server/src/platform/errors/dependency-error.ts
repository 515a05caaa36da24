/**
 * Failures of a service the process depends on, told apart from bugs: the HTTP layer answers
 * them 503 `service_unavailable` with `Retry-After` (platform/http/error-handler.ts) instead of
 * 500, since the same request succeeds once the service is back (docs/health-and-faults.md).
 */
export type Dependency = 'database' | 'redis' | 'storage' | 'network';

/** What a client should wait before trying again: a restart or failover takes seconds. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs of a database that is down, restarting or out of connections: class 08 (connection
 * exception), 57P01-57P03 (admin/crash shutdown, starting up), 53300 (too many connections).
 */
const DATABASE_STATES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** node-postgres's own texts for a connection that broke or never came. */
const DATABASE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection terminated due to connection timeout',
];

/** ioredis: a command that gave up waiting for the connection, or timed out on it. */
const REDIS_NAMES = new Set(['MaxRetriesPerRequestError']);
const REDIS_MESSAGES = [
  'Connection is closed.',
  'Command timed out',
  "Stream isn't writeable and enableOfflineQueue options is false",
];

/** Socket-level failures: the peer is gone, refuses, resets or does not answer. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  /** Set by the AWS SDK on every error it returns (S3). */
  $metadata?: { httpStatusCode?: number };
}

function isObject(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null;
}

function classifyOne(error: ErrorLike): Dependency | undefined {
  const message = typeof error.message === 'string' ? error.message : '';
  const code = typeof error.code === 'string' ? error.code : '';
  if (error.$metadata !== undefined) {
    // S3: no answer (refused, reset, timed out) or the service's own 5xx (SlowDown, 503).
    const status = error.$metadata.httpStatusCode;
    if (status === undefined || status >= 500) {
      if (NETWORK_CODES.has(code) || error.name === 'TimeoutError' || status !== undefined)
        return 'storage';
    }
  }
  if (DATABASE_STATES.has(code)) return 'database';
  if (DATABASE_MESSAGES.some((text) => message.startsWith(text))) return 'database';
  if (REDIS_NAMES.has(error.name as string)) return 'redis';
  if (REDIS_MESSAGES.some((text) => message.startsWith(text))) return 'redis';
  if (NETWORK_CODES.has(code)) return 'network';
  return undefined;
}

/**
 * The dependency whose outage `error` reports, or undefined for any other failure. Looks
 * through `cause` (drizzle wraps the driver's error) and AggregateError's `errors` (a refused
 * connection to a name with two addresses), a few levels deep.
 */
export function unavailableDependency(error: unknown, depth = 0): Dependency | undefined {
  if (!isObject(error) || depth > 4) return undefined;
  const found = classifyOne(error);
  if (found) return found;
  if (error.cause !== undefined) {
    const fromCause = unavailableDependency(error.cause, depth + 1);
    if (fromCause) return fromCause;
  }
  if (Array.isArray(error.errors)) {
    for (const inner of error.errors) {
      const fromInner = unavailableDependency(inner, depth + 1);
      if (fromInner) return fromInner;
    }
  }
  return undefined;
}
