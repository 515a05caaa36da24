/** Percentiles of a list of latencies in ms. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface RateRun {
  /** Latency of each delivered message, ms. */
  latencies: number[];
  sent: number;
  delivered: number;
  seconds: number;
}

export function describeRun(label: string, run: RateRun): string {
  const rate = run.delivered / run.seconds;
  return (
    `${label}: ${run.delivered}/${run.sent} delivered at ${rate.toFixed(0)} msg/s, ` +
    `p50 ${percentile(run.latencies, 50).toFixed(2)} ms, p99 ${percentile(run.latencies, 99).toFixed(2)} ms`
  );
}

/**
 * Calls `send(i)` at `perSecond` for `seconds`, in 10 ms ticks (a timer per message would
 * measure the timer, not the path). Sends are not awaited one by one: an open-loop load, so a
 * slow path shows as growing latency instead of a lower rate.
 */
export async function openLoop(
  perSecond: number,
  seconds: number,
  send: (index: number) => Promise<void> | void,
): Promise<number> {
  const total = Math.round(perSecond * seconds);
  const started = performance.now();
  const pending: Array<Promise<void> | void> = [];
  let index = 0;
  while (index < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * perSecond));
    while (index < due) pending.push(send(index++));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await Promise.all(pending);
  return total;
}

/**
 * Keeps `concurrency` sends in flight for `seconds`: each sender starts its next message when its
 * previous one was answered. A closed loop finds the most the server sustains (and its CPU per
 * message there) without the queueing an open loop past that rate piles up.
 */
export async function closedLoop(
  concurrency: number,
  seconds: number,
  send: () => Promise<void>,
): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let sent = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        sent += 1;
        await send();
      }
    }),
  );
  return sent;
}

/**
 * From the first send to the last delivery, and never less than the load's own length: the rate
 * a run reports is what got through, so a path that queues shows a lower rate, not the offered one.
 */
export function busySeconds(loadSeconds: number, started: number, lastDeliveredAt: number): number {
  return Math.max(loadSeconds, (lastDeliveredAt - started) / 1000);
}
