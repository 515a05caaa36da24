// The media load, in its own process so it never shares the API's or storage's event loop:
// `tsx fetch-load.ts <url> <cookie> <concurrency> <ms> <stream|redirect|302-only> <bytes>`
// prints one MediaLoadResult as JSON. `redirect` follows the API's 302 to storage as a browser
// does; `302-only` stops at the redirect (what the API serves when storage is someone else's).
import { Agent, request } from 'undici';

export interface MediaLoadResult {
  requests: number;
  perSecond: number;
  megabytesPerSecond: number;
  p50: number;
  p99: number;
}

const [url, cookie, concurrencyArg, msArg, mode, bytesArg] = process.argv.slice(2);
const concurrency = Number(concurrencyArg);
const expectedBytes = Number(bytesArg);
const api = new Agent({ connections: concurrency, keepAliveTimeout: 10_000 });
const storage = new Agent({ connections: concurrency, keepAliveTimeout: 10_000 });
const headers = { cookie: cookie!, origin: new URL(url!).origin };

/** One media fetch as the browser makes it; throws on anything but the whole blob. */
async function fetchOnce(): Promise<number> {
  const answer = await request(url!, { headers, dispatcher: api });
  const body = Buffer.from(await answer.body.arrayBuffer());
  if (mode === '302-only') {
    if (answer.statusCode !== 302) throw new Error(`${url}: ${answer.statusCode}, not 302`);
    return body.length;
  }
  if (mode === 'stream') {
    if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode}`);
    if (body.length !== expectedBytes) throw new Error(`${url}: ${body.length} bytes`);
    return body.length;
  }
  if (answer.statusCode !== 302) throw new Error(`${url}: ${answer.statusCode}, not 302`);
  const stored = await request(String(answer.headers.location), { dispatcher: storage });
  const bytes = Buffer.from(await stored.body.arrayBuffer());
  if (stored.statusCode !== 200 || bytes.length !== expectedBytes)
    throw new Error(`storage: ${stored.statusCode}, ${bytes.length} bytes`);
  return bytes.length;
}

const latencies: number[] = [];
let bytes = 0;
const started = Date.now();
const deadline = started + Number(msArg);
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (Date.now() < deadline) {
      const t = performance.now();
      // Awaited first: `bytes += await …` would read `bytes` before the wait and lose others' adds.
      const fetched = await fetchOnce();
      bytes += fetched;
      latencies.push(performance.now() - t);
    }
  }),
);
const elapsed = (Date.now() - started) / 1000;
await Promise.all([api.close(), storage.close()]);
latencies.sort((a, b) => a - b);
const at = (q: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
const result: MediaLoadResult = {
  requests: latencies.length,
  perSecond: latencies.length / elapsed,
  megabytesPerSecond: bytes / 1e6 / elapsed,
  p50: at(0.5),
  p99: at(0.99),
};
process.stdout.write(JSON.stringify(result));
