/**
 * GET requests started by the boot code (app/first-requests.ts) before React and the app's code
 * have loaded, kept by URL until the app asks for the same URL through `call` (lib/api.ts),
 * which takes the response instead of asking again. Each is taken once, and only while fresh:
 * a list nobody asked for in the first seconds is asked for anew when it is wanted.
 */
const FRESH_MS = 10_000;

interface EarlyRequest {
  response: Promise<Response>;
  startedAt: number;
}

const early = new Map<string, EarlyRequest>();

/** Starts a same-origin JSON GET, as `call` would send it, and keeps it for the app. */
export function requestEarly(url: string): Promise<Response> {
  const response = fetch(url, {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  });
  // A network fault here is the app's to see when it takes the response, not an unhandled one.
  response.catch(() => undefined);
  early.set(url, { response, startedAt: Date.now() });
  return response;
}

/** The early response for `url`, once; undefined when there is none (or it is stale). */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  const request = early.get(url);
  if (!request) return undefined;
  early.delete(url);
  return Date.now() - request.startedAt <= FRESH_MS ? request.response : undefined;
}
