import { MemoryRateLimiter, type RateLimiter } from './rate-limiter.ts';

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

/** One log line per this long while Redis keeps failing. */
const LOG_EVERY_MS = 10_000;

/**
 * The shared (Redis) limiter, falling back to this node's own counters for as long as Redis
 * fails: an outage of Redis neither locks everyone out (every limited request a 503) nor lifts
 * the limits altogether; each node then limits on its own, so a client spreading its attempts
 * over N nodes gets up to N times the limit until Redis is back (docs/health-and-faults.md).
 * Redis commands fail fast (server.ts: one retry, a command timeout), so this adds no hang.
 */
export class FailSoftRateLimiter implements RateLimiter {
  private readonly local = new MemoryRateLimiter();
  private loggedAt = 0;

  constructor(
    private readonly shared: RateLimiter,
    private readonly log: Logger,
  ) {}

  count(key: string): Promise<number> {
    return this.either((limiter) => limiter.count(key));
  }

  hit(key: string, windowMs: number): Promise<number> {
    return this.either((limiter) => limiter.hit(key, windowMs));
  }

  refund(key: string): Promise<void> {
    return this.either((limiter) => limiter.refund(key));
  }

  reset(key: string): Promise<void> {
    return this.either((limiter) => limiter.reset(key));
  }

  private async either<T>(call: (limiter: RateLimiter) => Promise<T>): Promise<T> {
    try {
      return await call(this.shared);
    } catch (error) {
      const now = Date.now();
      if (now - this.loggedAt >= LOG_EVERY_MS) {
        this.loggedAt = now;
        this.log.warn({ err: error }, 'rate limiter: Redis failed, limiting on this node alone');
      }
      return call(this.local);
    }
  }
}
