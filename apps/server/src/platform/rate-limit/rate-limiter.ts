import type { Redis } from 'ioredis';

/** Fixed-window counters: in memory by default, in Redis when several API nodes share limits. */
export interface RateLimiter {
  /** Current count for the key in its window. */
  count(key: string): Promise<number>;
  /** Adds one to the key's count; the window starts at the first hit. Returns the new count. */
  hit(key: string, windowMs: number): Promise<number>;
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

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  /** Keeps memory bounded under a flood of distinct keys. */
  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

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

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
