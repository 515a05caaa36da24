// Simulated viewers: each on its own keep-alive connection, once a period (a segment's length, as
// hls.js reloads a live playlist near the edge) fetching a small file and then a large one (a
// live playlist and its newest segment, or for the baseline a page and a web asset of about a
// segment's size). A viewer whose pair takes longer than the period starts the next at once, as
// a player does that fell behind: the rate served is what got through.
import type { Client } from 'undici';
import { runPaced, type PacedTiming } from './paced-clients.ts';

export interface Visit {
  /** The small request's path (the playlist); its body is handed to `large`. */
  small: string;
  /** The large request's path, from the small one's body (the newest segment). */
  large(smallBody: string): string | undefined;
}

interface Done {
  startedAt: number;
  endedAt: number;
  kind: 'small' | 'large';
  ok: boolean;
  bytes: number;
}

export interface ViewerLoad {
  /** Requests completed per second in the window (both kinds). */
  perSecond: number;
  /** Latency of the small and large requests started in the window, ms. */
  small: number[];
  large: number[];
  failed: number;
  largeBytes: number;
}

async function timed(client: Client, path: string, cookie: string, kind: Done['kind']) {
  const startedAt = performance.now();
  const response = await client.request({ method: 'GET', path, headers: { cookie } });
  let bytes = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (kind === 'small') chunks.push(chunk);
  }
  const done: Done = {
    startedAt,
    endedAt: performance.now(),
    kind,
    ok: response.statusCode === 200,
    bytes,
  };
  return { done, body: Buffer.concat(chunks).toString() };
}

/**
 * `visits` viewers (one visit each, with its cookie, every `periodMs`) against `origin` for
 * `rampMs` unmeasured (viewers start spread over the first period), then `windowMs` measured.
 */
export async function runViewers(
  origin: string,
  visits: Array<{ visit: Visit; cookie: string }>,
  timing: PacedTiming,
  onWindow: (phase: 'start' | 'end') => void = () => undefined,
): Promise<ViewerLoad> {
  const log: Done[] = [];
  const { from, until } = await runPaced(
    origin,
    visits,
    { ...timing, catchUp: true },
    onWindow,
    async (client, { visit, cookie }) => {
      const small = await timed(client, visit.small, cookie, 'small');
      log.push(small.done);
      const path = small.done.ok ? visit.large(small.body) : undefined;
      if (path) log.push((await timed(client, path, cookie, 'large')).done);
    },
  );
  const inWindow = log.filter((d) => d.startedAt >= from && d.startedAt < until);
  const completed = log.filter((d) => d.endedAt >= from && d.endedAt < until);
  const latencies = (kind: Done['kind']) =>
    inWindow.filter((d) => d.kind === kind && d.ok).map((d) => d.endedAt - d.startedAt);
  const large = inWindow.filter((d) => d.kind === 'large' && d.ok);
  return {
    perSecond: completed.length / (timing.windowMs / 1000),
    small: latencies('small'),
    large: latencies('large'),
    failed: inWindow.filter((d) => !d.ok).length,
    largeBytes: large.reduce((sum, d) => sum + d.bytes, 0) / Math.max(1, large.length),
  };
}

/** A live viewer: the signed playlist, then the newest segment it names (signed for them). */
export function liveVisit(playlistPath: string): Visit {
  return {
    small: playlistPath,
    large: (playlist) => playlist.split('\n').findLast((line) => line.startsWith('/media/live/')),
  };
}

/** The baseline viewer: the app's page and a static asset, served by the same server. */
export function staticVisit(assetPath: string): Visit {
  return { small: '/', large: () => assetPath };
}
