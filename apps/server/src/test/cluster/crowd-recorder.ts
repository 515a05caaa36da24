/**
 * Every HTTP request of a crowd run: its route, when it started and ended, its status and the
 * node nginx passed it to (nginx's X-Upstream header), so a node-kill run can tell the requests
 * that were in flight on the killed node from any other failure.
 */
export interface RequestRecord {
  route: string;
  startedAt: number;
  endedAt: number;
  /** 0: no answer at all (a network error or a timeout). */
  status: number;
  /** The node(s) nginx tried, `127.0.0.1:PORT[, 127.0.0.1:PORT]`; '' when unknown. */
  upstream: string;
  /** The Retry-After of a 503 (a dependency down): the fault runs check every 503 has one. */
  retryAfter?: string;
  error?: string;
  /** Closed before an answer on a kept-alive connection and sent again (its own record). */
  resent?: boolean;
}

export interface RouteStats {
  route: string;
  requests: number;
  errors: number;
  /** The failures by status (0: no answer), e.g. `404x3 502x1`. */
  errorStatuses: string;
  p50: number;
  p99: number;
}

/** A status the crowd's script did not expect: a server error, or a refusal of a valid request. */
export const failed = (record: RequestRecord) =>
  !record.resent && (record.status === 0 || record.status >= 400);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export class CrowdRecorder {
  readonly records: RequestRecord[] = [];
  /** Requests of the warm-up (sign-up, top-up) stay out of the measured window. */
  measuring = false;

  add(record: RequestRecord): void {
    if (this.measuring) this.records.push(record);
  }

  routes(): RouteStats[] {
    const byRoute = new Map<string, RequestRecord[]>();
    for (const record of this.records) {
      const list = byRoute.get(record.route) ?? [];
      list.push(record);
      byRoute.set(record.route, list);
    }
    return [...byRoute.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([route, list]) => {
        const times = list.map((r) => r.endedAt - r.startedAt).sort((a, b) => a - b);
        const statuses = new Map<number, number>();
        for (const r of list.filter(failed))
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        return {
          route,
          requests: list.length,
          errors: list.filter(failed).length,
          errorStatuses: [...statuses]
            .sort(([a], [b]) => a - b)
            .map(([status, n]) => `${status}x${n}`)
            .join(' '),
          p50: percentile(times, 50),
          p99: percentile(times, 99),
        };
      });
  }

  failures(): RequestRecord[] {
    return this.records.filter(failed);
  }
}

/**
 * The failures a node kill may explain: a request in flight when the node died (started before
 * it was gone, not answered when the signal went out) that nginx had passed to that node. Everything else is a failure the kill
 * does not excuse.
 */
export function classifyKillFailures(
  failures: RequestRecord[],
  kill: { signalledAt: number; exitedAt: number },
  killedPort: number,
): { inFlight: RequestRecord[]; unexplained: RequestRecord[] } {
  const onKilled = (r: RequestRecord) =>
    r.upstream
      .split(',')
      .map((s) => s.trim())
      .includes(`127.0.0.1:${killedPort}`);
  const inFlight: RequestRecord[] = [];
  const unexplained: RequestRecord[] = [];
  for (const failure of failures) {
    // Sent before the node was seen gone, still unanswered when the signal went out.
    const wasInFlight = failure.startedAt <= kill.exitedAt && failure.endedAt >= kill.signalledAt;
    (wasInFlight && onKilled(failure) ? inFlight : unexplained).push(failure);
  }
  return { inFlight, unexplained };
}
