// What publishing through the store adds to a live stream's latency (issue 30): how long after
// ffmpeg names a new segment in the ingest node's scratch playlist a viewer's playlist on the
// OTHER node names it too (the publisher's fs.watch, the segment and playlist puts to the store,
// the other node's 100 ms playlist copy, its access check). Both are polled every POLL_MS, so a
// figure carries up to that much on either side.
import { readFileSync } from 'node:fs';
import { Client } from 'undici';

const POLL_MS = 10;

const newest = (text: string): number | undefined => {
  const numbers = [...text.matchAll(/seg-([0-9]+)\.ts/g)].map((m) => Number(m[1]));
  return numbers.length ? Math.max(...numbers) : undefined;
};

/** Delays, ms, one per segment seen in both places during `windowMs`. */
export async function publishDelays(
  localPlaylist: string,
  origin: string,
  playlistPath: string,
  cookie: string,
  windowMs: number,
): Promise<number[]> {
  const local = new Map<number, number>();
  const remote = new Map<number, number>();
  const client = new Client(origin);
  const until = performance.now() + windowMs;
  const pollLocal = async () => {
    while (performance.now() < until) {
      let text = '';
      try {
        text = readFileSync(localPlaylist, 'utf8');
      } catch {
        // being replaced
      }
      const n = newest(text);
      if (n !== undefined && !local.has(n)) local.set(n, performance.now());
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
  const pollRemote = async () => {
    while (performance.now() < until) {
      const response = await client.request({
        method: 'GET',
        path: playlistPath,
        headers: { cookie },
      });
      const text = await response.body.text();
      const n = response.statusCode === 200 ? newest(text) : undefined;
      if (n !== undefined && !remote.has(n)) remote.set(n, performance.now());
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
  try {
    await Promise.all([pollLocal(), pollRemote()]);
  } finally {
    await client.close();
  }
  // The first segment seen may have been written before the window: only those seen appear.
  const firsts = [Math.min(...local.keys()), Math.min(...remote.keys())];
  return [...local]
    .filter(([n]) => remote.has(n) && n > Math.max(...firsts))
    .map(([n, at]) => remote.get(n)! - at)
    .sort((a, b) => a - b);
}
