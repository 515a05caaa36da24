import { randomBytes } from 'node:crypto';
import { ERRORS } from '@tus/server';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisUploadLocker } from './redis-upload-locker.ts';

// Needs a Redis server, which the embedded suite cannot have; CI sets TEST_REDIS_URL.
describe.runIf(process.env.TEST_REDIS_URL)('RedisUploadLocker (two nodes, one Redis)', () => {
  const prefix = `glimpse-test-${randomBytes(4).toString('hex')}:upload-lock:`;
  const lockers: RedisUploadLocker[] = [];
  async function node(): Promise<RedisUploadLocker> {
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    const locker = new RedisUploadLocker(redis, redis.duplicate(), prefix);
    lockers.push(locker);
    await locker.ready;
    return locker;
  }
  afterAll(async () => {
    await Promise.all(lockers.map((locker) => locker.close()));
  });

  it('asks the holder on the other node to let go, and takes the lock once it has', async () => {
    const [nodeA, nodeB] = [await node(), await node()];
    const id = `1-${randomBytes(16).toString('hex')}`;
    const events: string[] = [];
    const held = nodeA.newLock(id);
    await held.lock(new AbortController().signal, async () => {
      events.push('A asked to let go');
      await new Promise((resolve) => setTimeout(resolve, 100));
      events.push('A lets go');
      await held.unlock();
    });
    await nodeB.newLock(id).lock(new AbortController().signal, () => undefined);
    events.push('B holds it');
    expect(events).toEqual(['A asked to let go', 'A lets go', 'B holds it']);
  });

  it('keeps it exclusive while the holder has not let go', async () => {
    const [nodeA, nodeB] = [await node(), await node()];
    const id = `1-${randomBytes(16).toString('hex')}`;
    const held = nodeA.newLock(id);
    await held.lock(new AbortController().signal, () => undefined);
    const waiting = new AbortController();
    setTimeout(() => waiting.abort(), 300);
    await expect(nodeB.newLock(id).lock(waiting.signal, () => undefined)).rejects.toBe(
      ERRORS.ERR_LOCK_TIMEOUT,
    );
    await held.unlock();
    const next = nodeB.newLock(id);
    await next.lock(new AbortController().signal, () => undefined);
    await next.unlock();
  });
});
