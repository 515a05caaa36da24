import { Agent, request } from 'undici';

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** `concurrency` keep-alive clients hitting `url` for `durationMs`; latencies in milliseconds. */
export async function runLoad(
  url: string,
  headers: Record<string, string>,
  concurrency: number,
  durationMs: number,
): Promise<LoadResult> {
  const dispatcher = new Agent({ connections: concurrency, keepAliveTimeout: 10_000 });
  const latencies: number[] = [];
  const deadline = Date.now() + durationMs;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        const t = performance.now();
        const response = await request(url, { headers, dispatcher });
        await response.body.arrayBuffer();
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  await dispatcher.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
  };
}
