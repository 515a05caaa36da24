import type { AppContext } from '../../platform/context.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';

/** A playlist read from the store serves every viewer of this node for this long. */
const PLAYLIST_FRESH_MS = 100;
/**
 * A playlist the store shows none of (an S3-compatible server may, while it is being replaced)
 * is served from the last copy read this recently; longer, and the stream's HLS was removed.
 */
const PLAYLIST_STALE_OK_MS = 2_000;
/**
 * A read that failed, stalled past PLAYLIST_READ_TIMEOUT_MS or came back cut short serves the
 * last whole copy read this recently. Not every S3-compatible server replaces an object
 * atomically: s3rver (the local cluster's) answers a read that meets the publisher's
 * replacement with an error, a cut body or a stall of seconds, which under a crowd's load
 * turned into 404 playlists and 403 segments. Well inside the 6 s window plus the segments kept
 * behind it (LIVE_LIST_SIZE, LIVE_KEEP_BEHIND), so every segment such a copy names is still stored.
 */
const PLAYLIST_FAILED_OK_MS = 4_000;
const PLAYLIST_READ_TIMEOUT_MS = 1_500;
/**
 * A node's first read of a playlist has no earlier copy to fall back on: when it meets a
 * replacement, it asks once more this much later (a replacement's window is milliseconds)
 * rather than answer a player's first request with a 404.
 */
const PLAYLIST_FIRST_READ_RETRY_MS = 100;
/** Recent segments kept in memory: ~250 half-second segments at the 3 Mbit/s cap. */
const SEGMENT_CACHE_BYTES = 48 * 1024 * 1024;

async function readAll(blobs: BlobStore, key: string): Promise<Buffer | undefined> {
  const stream = await blobs.get(key);
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Whole as ffmpeg writes it (every line ends with a newline, the first is the tag): anything
 * else is a read that met a replacement.
 */
const isWholePlaylist = (text: string) => text.startsWith('#EXTM3U') && text.endsWith('\n');

type PlaylistRead = { text: string } | 'gone' | 'failed';

async function readPlaylist(blobs: BlobStore, key: string): Promise<PlaylistRead> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<'failed'>((resolve) => {
    timer = setTimeout(() => resolve('failed'), PLAYLIST_READ_TIMEOUT_MS);
  });
  const read = readAll(blobs, key).then(
    (data): PlaylistRead => {
      if (!data) return 'gone';
      const text = data.toString('utf8');
      return isWholePlaylist(text) ? { text } : 'failed';
    },
    (): PlaylistRead => 'failed',
  );
  try {
    return await Promise.race([read, stalled]);
  } finally {
    clearTimeout(timer);
  }
}

interface PlaylistEntry {
  text: Promise<string | undefined>;
  at: number;
}

interface LastPlaylist {
  text: string;
  at: number;
}

/**
 * This node's copy of the live HLS it serves, so 500 viewers of a stream cost one store read
 * per segment and a few per second for its playlist, not one per request. Segments never
 * change once published (numbering goes on across reconnects), so they are kept by size
 * (least recently used out first); a playlist changes every segment and is re-read after
 * PLAYLIST_FRESH_MS. Concurrent misses share one read. The node publishing a stream primes its
 * own copy as it writes.
 */
export class LiveMediaCache {
  private readonly segments = new Map<string, Buffer>();
  private readonly loading = new Map<string, Promise<Buffer | undefined>>();
  private readonly playlists = new Map<string, PlaylistEntry>();
  private readonly lastPlaylists = new Map<string, LastPlaylist>();
  private bytes = 0;

  constructor(
    private readonly blobs: BlobStore,
    private readonly maxBytes = SEGMENT_CACHE_BYTES,
  ) {}

  playlist(key: string, now = Date.now()): Promise<string | undefined> {
    const fresh = this.playlists.get(key);
    if (fresh && now - fresh.at < PLAYLIST_FRESH_MS) return fresh.text;
    const text = this.readOrRetryFirst(key).then((read) => {
      if (typeof read === 'object') {
        this.lastPlaylists.set(key, { text: read.text, at: Date.now() });
        return read.text;
      }
      // Not kept: the next request asks the store again.
      if (this.playlists.get(key) === entry) this.playlists.delete(key);
      const last = this.lastPlaylists.get(key);
      const okFor = read === 'gone' ? PLAYLIST_STALE_OK_MS : PLAYLIST_FAILED_OK_MS;
      return last && Date.now() - last.at < okFor ? last.text : undefined;
    });
    const entry: PlaylistEntry = { text, at: now };
    this.playlists.set(key, entry);
    if (this.playlists.size > 1_000) {
      const oldest = this.playlists.keys().next().value!;
      this.playlists.delete(oldest);
      this.lastPlaylists.delete(oldest);
    }
    return text;
  }

  private async readOrRetryFirst(key: string): Promise<PlaylistRead> {
    const read = await readPlaylist(this.blobs, key);
    if (typeof read === 'object' || this.lastPlaylists.has(key)) return read;
    await new Promise((resolve) => setTimeout(resolve, PLAYLIST_FIRST_READ_RETRY_MS));
    return readPlaylist(this.blobs, key);
  }

  async segment(key: string): Promise<Buffer | undefined> {
    const hit = this.segments.get(key);
    if (hit) {
      // Most recently used goes last.
      this.segments.delete(key);
      this.segments.set(key, hit);
      return hit;
    }
    let pending = this.loading.get(key);
    if (!pending) {
      pending = readAll(this.blobs, key).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    const data = await pending;
    if (data) this.rememberSegment(key, data);
    return data;
  }

  rememberSegment(key: string, data: Buffer): void {
    if (this.segments.has(key) || data.length > this.maxBytes / 4) return;
    this.segments.set(key, data);
    this.bytes += data.length;
    for (const [oldKey, old] of this.segments) {
      if (this.bytes <= this.maxBytes) break;
      this.segments.delete(oldKey);
      this.bytes -= old.length;
    }
  }

  rememberPlaylist(key: string, text: string, now = Date.now()): void {
    this.playlists.set(key, { text: Promise.resolve(text), at: now });
    this.lastPlaylists.set(key, { text, at: now });
  }

  /** Drops what this node holds under `prefix` (a stream's HLS removed from the store). */
  forget(prefix: string): void {
    for (const [key, data] of this.segments) {
      if (!key.startsWith(prefix)) continue;
      this.segments.delete(key);
      this.bytes -= data.length;
    }
    for (const key of this.playlists.keys()) if (key.startsWith(prefix)) this.playlists.delete(key);
    for (const key of this.lastPlaylists.keys()) {
      if (key.startsWith(prefix)) this.lastPlaylists.delete(key);
    }
  }
}

/** One cache per node (keyed by its store, as a peer node in the tests has its own). */
const caches = new WeakMap<BlobStore, LiveMediaCache>();

export function liveMediaCache(ctx: AppContext): LiveMediaCache {
  let cache = caches.get(ctx.blobs);
  if (!cache) {
    cache = new LiveMediaCache(ctx.blobs);
    caches.set(ctx.blobs, cache);
  }
  return cache;
}
