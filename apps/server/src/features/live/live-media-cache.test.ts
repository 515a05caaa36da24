import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { LiveMediaCache } from './live-media-cache.ts';

/** A store holding `objects`, counting its reads. */
function countingStore(objects: Map<string, Buffer>) {
  const reads: string[] = [];
  const store = {
    get: (key: string) => {
      reads.push(key);
      const data = objects.get(key);
      return new Promise((resolve) => setTimeout(() => resolve(data && Readable.from([data])), 5));
    },
  } as unknown as BlobStore;
  return { store, reads };
}

describe('the per-node live media cache', () => {
  it('reads a segment from the store once for any number of viewers, at once or later', async () => {
    const { store, reads } = countingStore(new Map([['live/1/seg-3.ts', Buffer.alloc(1000, 7)]]));
    const cache = new LiveMediaCache(store);
    const served = await Promise.all(
      Array.from({ length: 500 }, () => cache.segment('live/1/seg-3.ts')),
    );
    expect(served.every((data) => data?.length === 1000)).toBe(true);
    expect((await cache.segment('live/1/seg-3.ts'))?.[0]).toBe(7);
    expect(reads).toEqual(['live/1/seg-3.ts']);
    expect(await cache.segment('live/1/seg-4.ts')).toBeUndefined();
  });

  it('keeps segments by size, the least recently used out first', async () => {
    const objects = new Map(
      [1, 2, 3].map((n) => [`live/1/seg-${n}.ts`, Buffer.alloc(100, n)] as const),
    );
    const { store, reads } = countingStore(objects);
    const cache = new LiveMediaCache(store, 450);
    await cache.segment('live/1/seg-1.ts');
    await cache.segment('live/1/seg-2.ts');
    await cache.segment('live/1/seg-1.ts');
    // Room for four: a fifth pushes out the least recently used (seg-2).
    cache.rememberSegment('live/1/seg-8.ts', Buffer.alloc(100));
    cache.rememberSegment('live/1/seg-9.ts', Buffer.alloc(100));
    await cache.segment('live/1/seg-3.ts');
    reads.length = 0;
    await cache.segment('live/1/seg-1.ts');
    await cache.segment('live/1/seg-2.ts');
    expect(reads).toEqual(['live/1/seg-2.ts']);
  });

  it('re-reads a playlist after a moment, and rides out a moment the store shows none', async () => {
    const objects = new Map([['live/1/index.m3u8', Buffer.from('#EXTM3U\nseg-1.ts\n')]]);
    const { store, reads } = countingStore(objects);
    const cache = new LiveMediaCache(store);
    const now = Date.now();
    await Promise.all([
      cache.playlist('live/1/index.m3u8', now),
      cache.playlist('live/1/index.m3u8', now + 50),
    ]);
    expect(reads).toHaveLength(1);
    objects.set('live/1/index.m3u8', Buffer.from('#EXTM3U\nseg-2.ts\n'));
    expect(await cache.playlist('live/1/index.m3u8', now + 200)).toContain('seg-2.ts');
    // Being replaced (no object for a moment): the last copy, for a little while only.
    objects.delete('live/1/index.m3u8');
    expect(await cache.playlist('live/1/index.m3u8', now + 400)).toContain('seg-2.ts');
    cache.forget('live/1/');
    expect(await cache.playlist('live/1/index.m3u8', now + 600)).toBeUndefined();
  });
  it('asks once more when its first read of a playlist meets a replacement', async () => {
    const key = 'live/1/index.m3u8';
    const answers: (() => Promise<Readable | undefined>)[] = [
      async () => undefined,
      async () => Readable.from([Buffer.from('#EXTM3U\nseg-1.ts\n')]),
      async () => undefined,
      async () => undefined,
      async () => undefined,
    ];
    let reads = 0;
    const store = { get: () => answers[reads++]!() } as unknown as BlobStore;
    const cache = new LiveMediaCache(store);
    const now = Date.now();
    expect(await cache.playlist(key, now)).toBe('#EXTM3U\nseg-1.ts\n');
    expect(reads).toBe(2);
    // With a copy in hand, a moment of none serves that copy without asking again.
    expect(await cache.playlist(key, now + 200)).toBe('#EXTM3U\nseg-1.ts\n');
    expect(reads).toBe(3);
    // A playlist that never was (a stream gone before this node read it): none, after one retry.
    const other = new LiveMediaCache(store);
    expect(await other.playlist(key, now)).toBeUndefined();
    expect(reads).toBe(5);
  });

  it('serves the last whole playlist when a read fails, stalls or comes back cut short', async () => {
    const key = 'live/1/index.m3u8';
    let answer: () => Promise<Readable | undefined> = async () =>
      Readable.from([Buffer.from('#EXTM3U\nseg-1.ts\n')]);
    const store = { get: () => answer() } as unknown as BlobStore;
    const cache = new LiveMediaCache(store);
    const now = Date.now();
    expect(await cache.playlist(key, now)).toBe('#EXTM3U\nseg-1.ts\n');
    // Cut short (a read that met the publisher's replacement), failed, stalled.
    answer = async () => Readable.from([Buffer.from('#EXTM3U\nseg-2.t')]);
    expect(await cache.playlist(key, now + 200)).toBe('#EXTM3U\nseg-1.ts\n');
    answer = () => Promise.reject(new Error('InternalError'));
    expect(await cache.playlist(key, now + 400)).toBe('#EXTM3U\nseg-1.ts\n');
    answer = () => new Promise(() => undefined);
    const started = Date.now();
    expect(await cache.playlist(key, now + 600)).toBe('#EXTM3U\nseg-1.ts\n');
    expect(Date.now() - started).toBeLessThan(5_000);
    // A node that never read a whole one has nothing to serve.
    const fresh = new LiveMediaCache(store);
    answer = () => Promise.reject(new Error('InternalError'));
    expect(await fresh.playlist(key)).toBeUndefined();
  });
});
