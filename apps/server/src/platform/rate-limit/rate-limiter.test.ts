import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limiter.ts';

const WINDOW_MS = 60_000;

/** The behaviour both limiters share. */
function limiterContract(make: () => RateLimiter) {
  it('answers each of many parallel hits with its own count', async () => {
    const limiter = make();
    const counts = await Promise.all(Array.from({ length: 30 }, () => limiter.hit('k', WINDOW_MS)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(await limiter.count('k')).toBe(30);
  });

  it('refunds one hit at a time and never below zero', async () => {
    const limiter = make();
    await limiter.hit('k', WINDOW_MS);
    await limiter.hit('k', WINDOW_MS);
    await limiter.refund('k');
    expect(await limiter.count('k')).toBe(1);
    await limiter.refund('k');
    await limiter.refund('k');
    expect(await limiter.count('k')).toBe(0);
    expect(await limiter.hit('k', WINDOW_MS)).toBe(1);
  });

  it('leaves a key that does not exist alone on refund', async () => {
    const limiter = make();
    await limiter.refund('never-hit');
    expect(await limiter.count('never-hit')).toBe(0);
    expect(await limiter.hit('never-hit', WINDOW_MS)).toBe(1);
  });
}

describe('MemoryRateLimiter', () => {
  limiterContract(() => new MemoryRateLimiter());

  it('does not refund into a window that has ended', async () => {
    vi.useFakeTimers();
    try {
      const limiter = new MemoryRateLimiter();
      await limiter.hit('k', WINDOW_MS);
      vi.advanceTimersByTime(WINDOW_MS);
      await limiter.refund('k');
      expect(await limiter.hit('k', WINDOW_MS)).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

// Needs a Redis server, which the embedded suite cannot have; CI sets TEST_REDIS_URL.
describe.runIf(process.env.TEST_REDIS_URL)('RedisRateLimiter', () => {
  let redis: Redis;
  const prefix = `glimpse-test-${randomBytes(4).toString('hex')}:rl:`;
  let n = 0;
  beforeAll(async () => {
    const { Redis } = await import('ioredis');
    redis = new Redis(process.env.TEST_REDIS_URL!);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  // Each test gets its own prefix, so keys from one test never meet another's.
  limiterContract(() => new RedisRateLimiter(redis, `${prefix}${(n += 1)}:`));

  it('does not bring back an expired key without an expiry on refund', async () => {
    const limiter = new RedisRateLimiter(redis, `${prefix}expired:`);
    await limiter.refund('k');
    expect(await redis.exists(`${prefix}expired:k`)).toBe(0);
    await limiter.hit('k', WINDOW_MS);
    await limiter.refund('k');
    expect(await redis.pttl(`${prefix}expired:k`)).toBeGreaterThan(0);
  });
});
