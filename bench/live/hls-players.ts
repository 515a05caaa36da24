// Simulated HLS players for the live-at-scale bench (issue 30): HTTP clients, not browsers. Each
// reloads its signed playlist every segment (as hls.js does near the live edge) and fetches every
// segment it has not fetched yet (the newest only when it starts), on its own keep-alive
// connection. A player whose loop takes longer than a segment reloads at once.
import type { Client } from 'undici';
import { runPaced, type PacedTiming } from './paced-clients.ts';

export type RequestKind = 'playlist' | 'segment';

interface Done {
  kind: RequestKind;
  startedAt: number;
  ms: number;
  ok: boolean;
  status: number;
}

export interface PlayersResult {
  seconds: number;
  requests: Record<RequestKind, number>;
  errors: Record<RequestKind, number>;
  /** Latencies of the successful requests started in the window, ms, sorted. */
  latencies: Record<RequestKind, number[]>;
  /** Non-200 statuses seen (status -> count), 0 for a failed connection. */
  statuses: Record<string, number>;
}

async function get(client: Client, path: string, cookie: string, kind: RequestKind) {
  const startedAt = performance.now();
  try {
    const response = await client.request({ method: 'GET', path, headers: { cookie } });
    const chunks: Buffer[] = [];
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      if (kind === 'playlist') chunks.push(chunk);
    }
    const ok = response.statusCode === 200;
    const done: Done = {
      kind,
      startedAt,
      ms: performance.now() - startedAt,
      ok,
      status: response.statusCode,
    };
    return { done, body: Buffer.concat(chunks).toString() };
  } catch {
    return { done: { kind, startedAt, ms: performance.now() - startedAt, ok: false, status: 0 } };
  }
}

const fileOf = (url: string) => url.split('?')[0]!.split('/').at(-1)!;

/**
 * `players` (signed playlist path and cookie each) against `origin` for `rampMs` unmeasured,
 * then `windowMs` measured; `onWindow` marks the window's start and end (CPU is read there).
 */
export async function runPlayers(
  origin: string,
  players: Array<{ playlist: string; cookie: string }>,
  timing: PacedTiming,
  onWindow: (phase: 'start' | 'end') => void,
): Promise<PlayersResult> {
  const log: Done[] = [];
  const fetched = new Map(players.map((player) => [player, new Set<string>()]));
  const { from, until } = await runPaced(
    origin,
    players,
    { ...timing, catchUp: false },
    onWindow,
    async (client, player) => {
      const { playlist, cookie } = player;
      const seen = fetched.get(player)!;
      const list = await get(client, playlist, cookie, 'playlist');
      log.push(list.done);
      if (!list.done.ok) return;
      const segments = list.body!.split('\n').filter((line) => line.startsWith('/media/live/'));
      const fresh = segments.filter((url) => !seen.has(fileOf(url)));
      // A player joining starts at the live edge; later it takes each new segment in turn.
      for (const url of seen.size === 0 ? fresh.slice(-1) : fresh) {
        seen.add(fileOf(url));
        log.push((await get(client, url, cookie, 'segment')).done);
      }
    },
  );
  const inWindow = log.filter((d) => d.startedAt >= from && d.startedAt < until);
  const kinds: RequestKind[] = ['playlist', 'segment'];
  const statuses: Record<string, number> = {};
  for (const d of inWindow) if (!d.ok) statuses[d.status] = (statuses[d.status] ?? 0) + 1;
  const pick = <T>(f: (k: RequestKind) => T) =>
    Object.fromEntries(kinds.map((k) => [k, f(k)])) as Record<RequestKind, T>;
  return {
    seconds: timing.windowMs / 1000,
    requests: pick((k) => inWindow.filter((d) => d.kind === k).length),
    errors: pick((k) => inWindow.filter((d) => d.kind === k && !d.ok).length),
    latencies: pick((k) =>
      inWindow
        .filter((d) => d.kind === k && d.ok)
        .map((d) => d.ms)
        .sort((a, b) => a - b),
    ),
    statuses,
  };
}
