/**
 * GET requests started by the boot code (app/first-requests.ts) before React and the app's code
 * have loaded, kept by URL until the app asks for the same URL through `call` (lib/api.ts),
 * which takes the response instead of asking again. Each is taken once, and only while fresh:
 * a list nobody asked for in the first seconds is asked for anew when it is wanted.
 */
const FRESH_MS = 10_000;

interface EarlyRequest {
  /** Undefined when the boot code decided not to ask after all (a signed-out visitor). */
  response: Promise<Response | undefined>;
  startedAt: number;
}

const early = new Map<string, EarlyRequest>();
/**
 * Settles once the boot code has started every request it means to (some wait for an answer:
 * a profile's stories need its id). Until then the app's own GETs wait for it, so they find
 * those requests instead of racing them.
 */
let registering: Promise<unknown> | undefined;

function get(url: string): Promise<Response> {
  const response = fetch(url, {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  });
  // A network fault here is the app's to see when it takes the response, not an unhandled one.
  response.catch(() => undefined);
  return response;
}

/**
 * Starts a same-origin JSON GET, as `call` would send it, and keeps it for the app. With
 * `when`, asks only once that resolves true (kept meanwhile, so the app waits for it).
 */
export function requestEarly(url: string, when?: Promise<boolean>): Promise<Response | undefined> {
  const response = when ? when.then((ask) => (ask ? get(url) : undefined)) : get(url);
  early.set(url, { response, startedAt: Date.now() });
  return response;
}

/** Tells `call` to wait for `done` before it asks for anything the boot code has not. */
export function registeringEarlyRequests(done: Promise<unknown>): void {
  const settled = done
    .catch(() => undefined)
    .finally(() => {
      if (registering === settled) registering = undefined;
    });
  registering = settled;
}

/** Drops every early request, as a new page starts with none (test/setup.ts, between files). */
export function forgetEarlyRequests(): void {
  early.clear();
  registering = undefined;
}

/** The early response for `url`, once; undefined when there is none (or it is stale). */
export async function takeEarlyResponse(url: string): Promise<Response | undefined> {
  if (!early.has(url) && registering) await registering;
  const request = early.get(url);
  if (!request) return undefined;
  early.delete(url);
  if (Date.now() - request.startedAt > FRESH_MS) return undefined;
  return request.response.catch(() => undefined);
}
