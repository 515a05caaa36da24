import type { Redis } from 'ioredis';

/**
 * Fixed-window counters: in memory by default, in Redis when several API nodes share limits.
 * A limit check counts the attempt first (`hit`) and judges the count it answers, refunding the
 * attempt afterwards if it turns out not to count: reading the count and adding to it later lets
 * parallel requests all pass the same check.
 */
export interface RateLimiter {
  /** Current count for the key in its window; for inspection only, never for a limit check. */
  count(key: string): Promise<number>;
  /** Adds one to the key's count; the window starts at the first hit. Returns the new count. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Takes back one hit; nothing happens when the window has ended or the count is 0. */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  async count(key: string): Promise<number> {
    const window = this.windows.get(key);
    if (!window || window.endsAt <= Date.now()) return 0;
    return window.count;
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.set(key, { count: 1, endsAt: now + windowMs });
      this.sweep(now);
      return 1;
    }
    window.count += 1;
    return window.count;
  }

  async refund(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.endsAt > Date.now() && window.count > 0) window.count -= 1;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  /** Keeps memory bounded under a flood of distinct keys. */
  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

// A plain DECR on a key that expired meanwhile would create it again at -1 with no expiry.
const REFUND_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async count(key: string): Promise<number> {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const fullKey = this.prefix + key;
    const [[, count]] = (await this.redis
      .multi()
      .incr(fullKey)
      .pexpire(fullKey, windowMs, 'NX')
      .exec()) as [[Error | null, number]];
    return count;
  }

  async refund(key: string): Promise<void> {
    await this.redis.eval(REFUND_SCRIPT, 1, this.prefix + key);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
