// The loop the live benches' simulated clients share: each on its own keep-alive connection,
// starting at a random point of the first period and then once a period, with the measured
// window marked by `onWindow` (CPU is read there) after an unmeasured ramp.
import { Client } from 'undici';

export interface PacedTiming {
  rampMs: number;
  windowMs: number;
  periodMs: number;
}

/**
 * Runs `round` for every client once a period until the window ends. A client whose round took
 * longer than a period starts the next at once; with `catchUp` it also makes up every round it
 * missed (a viewer behind), without it it resumes the pace from now (a player reloading).
 * Answers the window's bounds on the `performance.now()` clock.
 */
export async function runPaced<T>(
  origin: string,
  clients: T[],
  timing: PacedTiming & { catchUp: boolean },
  onWindow: (phase: 'start' | 'end') => void,
  round: (connection: Client, client: T) => Promise<void>,
): Promise<{ from: number; until: number }> {
  const { rampMs, windowMs, periodMs, catchUp } = timing;
  const t0 = performance.now();
  const [from, until] = [t0 + rampMs, t0 + rampMs + windowMs];
  const timers = [
    setTimeout(() => onWindow('start'), rampMs),
    setTimeout(() => onWindow('end'), rampMs + windowMs),
  ];
  await Promise.all(
    clients.map(async (client) => {
      const connection = new Client(origin, { pipelining: 1 });
      let next = t0 + Math.random() * periodMs;
      try {
        for (;;) {
          await new Promise((resolve) =>
            setTimeout(resolve, Math.max(0, next - performance.now())),
          );
          if (performance.now() >= until) break;
          next = catchUp ? next + periodMs : Math.max(next + periodMs, performance.now());
          await round(connection, client);
        }
      } finally {
        await connection.close();
      }
    }),
  );
  timers.forEach(clearTimeout);
  return { from, until };
}
