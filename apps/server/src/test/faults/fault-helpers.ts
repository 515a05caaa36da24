import type { LightMyRequestResponse } from 'fastify';
import type { HealthResponse } from '@glimpse/contract';
import type { Config } from '../../platform/config/config.ts';
import { startTestServer, type TestServer } from '../harness.ts';
import { waitUntil } from '../processes.ts';

/**
 * How long any answer may take while a dependency is down. Far above the real bounds (Redis
 * commands 2 s, pool connect 5 s, health probes 1.5 s): this catches a hang, not slowness.
 */
export const ANSWER_BOUND_MS = 15_000;

/** Fails when `request` has not answered within ANSWER_BOUND_MS: a hang, not a slow answer. */
export async function answered<T>(request: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${ANSWER_BOUND_MS} ms`)),
      ANSWER_BOUND_MS,
    );
  });
  try {
    return await Promise.race([request, hang]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A test server on the services the test passes (its private PostgreSQL, Redis or S3) and on
 * nothing else: no Redis or S3 of the machine even when the environment names them.
 */
export function startFaultServer(overrides: Partial<Config>): Promise<TestServer> {
  return startTestServer({ redisUrl: undefined, s3: undefined, ...overrides });
}

export interface HealthAnswer {
  statusCode: number;
  body: HealthResponse & { err_key?: string };
}

export async function health(server: TestServer): Promise<HealthAnswer> {
  const response = await answered(
    server.app.inject({ method: 'GET', url: '/api/health' }),
    'GET /api/health',
  );
  return { statusCode: response.statusCode, body: response.json() };
}

/** Polls /api/health until `dependency` reads `state`; the last answer either way. */
export async function healthUntil(
  server: TestServer,
  dependency: keyof HealthResponse['checks'],
  state: 'up' | 'down',
  timeoutMs = 30_000,
): Promise<HealthAnswer> {
  let last: HealthAnswer | undefined;
  await waitUntil(
    async () => {
      last = await health(server);
      return last.body.checks[dependency].state === state;
    },
    timeoutMs,
    200,
  );
  return last!;
}

/** `503 service_unavailable` with a Retry-After in seconds: what every outage answers. */
/** What expectUnavailable reads from an answer refused for an outage. */
export const UNAVAILABLE = '503 service_unavailable retry-after=5';

export function expectUnavailable(response: LightMyRequestResponse): string {
  const retryAfter = response.headers['retry-after'];
  return `${response.statusCode} ${response.json<{ err_key: string }>().err_key} retry-after=${String(retryAfter)}`;
}

/** Repeats `request` until it succeeds (the dependency is back and reconnected). */
export async function untilOk(
  request: () => Promise<LightMyRequestResponse>,
  timeoutMs = 30_000,
): Promise<LightMyRequestResponse> {
  let last: LightMyRequestResponse | undefined;
  await waitUntil(
    async () => {
      last = await answered(request(), 'a request after recovery');
      return last.statusCode < 300;
    },
    timeoutMs,
    200,
  );
  return last!;
}
