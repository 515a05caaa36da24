import { randomBytes } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Redis } from 'ioredis';

/** A holder that dies without unlocking frees the upload after this long. */
const LEASE_MS = 30_000;
const RENEW_MS = 10_000;
/** How long a request waits for the upload before answering tus's lock timeout. */
const ACQUIRE_TIMEOUT_MS = 30_000;
const RETRY_MS = 50;
/** The holder is asked again this often while we wait (a message lost in a reconnect). */
const ASK_AGAIN_MS = 1_000;

const UNLOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;

/**
 * tus's lock on one upload, shared by every node through Redis. tus locks an upload for each
 * request that touches it, and a request that finds it locked asks the holder to let go (a client
 * that lost its connection and resumes must not wait for its old, half-open request). The
 * in-process MemoryLocker does both only within one node; here the lock is a Redis key with a
 * lease, and "let go" is a message every node hears and the holding node acts on.
 */
export class RedisUploadLocker implements Locker {
  /** Requests of this node holding a lock, by upload id: who to ask to let go. */
  readonly holders = new Map<string, RequestRelease>();
  private readonly releaseChannel: string;
  /** Settles once this node hears release requests. */
  readonly ready: Promise<unknown>;

  constructor(
    readonly redis: Redis,
    private readonly subscriber: Redis,
    readonly prefix: string,
  ) {
    this.releaseChannel = `${prefix}release`;
    this.ready = subscriber.subscribe(this.releaseChannel).catch(() => undefined);
    subscriber.on('message', (channel: string, id: string) => {
      if (channel === this.releaseChannel) void this.holders.get(id)?.();
    });
  }

  newLock(id: string): Lock {
    return new RedisUploadLock(this, id);
  }

  askRelease(id: string): Promise<unknown> {
    return this.redis.publish(this.releaseChannel, id);
  }

  async close(): Promise<void> {
    await Promise.all([
      this.subscriber.quit().catch(() => undefined),
      this.redis.quit().catch(() => undefined),
    ]);
  }
}

class RedisUploadLock implements Lock {
  private readonly token = randomBytes(16).toString('hex');
  private readonly key: string;
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly locker: RedisUploadLocker,
    private readonly id: string,
  ) {
    this.key = `${locker.prefix}${id}`;
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    let askedAt = 0;
    while (!signal.aborted && Date.now() < deadline) {
      const taken = await this.locker.redis.set(this.key, this.token, 'PX', LEASE_MS, 'NX');
      if (taken === 'OK') {
        this.locker.holders.set(this.id, requestRelease);
        this.renewal = setInterval(() => {
          void this.locker.redis
            .eval(RENEW, 1, this.key, this.token, LEASE_MS)
            .catch(() => undefined);
        }, RENEW_MS);
        this.renewal.unref();
        return;
      }
      if (Date.now() - askedAt >= ASK_AGAIN_MS) {
        askedAt = Date.now();
        await this.locker.askRelease(this.id);
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
    throw ERRORS.ERR_LOCK_TIMEOUT;
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    this.locker.holders.delete(this.id);
    await this.locker.redis.eval(UNLOCK, 1, this.key, this.token);
  }
}
