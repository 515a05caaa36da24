import { vi } from 'vitest';

export interface MockResponse {
  status?: number;
  body?: unknown;
}

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
}

/** A handler may answer later (a promise), to hold a response back while the test acts. */
type Handler = (call: RecordedCall) => MockResponse | Promise<MockResponse>;

/**
 * Stubs fetch with handlers keyed by "METHOD /path" (query string ignored) and records calls.
 * An unmatched request answers 404 route_not_found, like the server.
 */
export function mockFetch(handlers: Record<string, Handler | MockResponse>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined);
    const call = { method, url, body };
    calls.push(call);
    const entry = handlers[`${method} ${url.split('?')[0]}`];
    const answer = typeof entry === 'function' ? await entry(call) : entry;
    const { status = 200, body: responseBody } = answer ?? {
      status: 404,
      body: { err_key: 'route_not_found' },
    };
    return new Response(
      status === 204 || responseBody === undefined ? null : JSON.stringify(responseBody),
      { status, headers: { 'content-type': 'application/json' } },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
