import { watch, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../platform/context.ts';
import { LIVE_PLAYLIST, LIVE_SEGMENT_PATTERN } from '../../platform/media-tools/hls-args.ts';
import { liveMediaCache } from './live-media-cache.ts';
import { liveMediaKey, livePrefix } from './playback-urls.ts';

/** A missed file event costs at most this much latency (fs.watch is the fast path). */
const POLL_MS = 250;
const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

export const segmentNumber = (file: string) => Number(/[0-9]+/.exec(file)![0]);

/** The segment files a playlist names, in its order. */
export function playlistSegments(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => path.basename(line))
    .filter((file) => LIVE_SEGMENT_PATTERN.test(file));
}

/**
 * Copies a stream's HLS from the ingest node's scratch folder (where ffmpeg writes) to the blob
 * store under `live/<id>/`, so that any node serves it. ffmpeg renames its playlist into place
 * once a segment is complete; on that event every segment the playlist names and the store
 * lacks is put first, then the playlist, so no node ever hands out a segment the store lacks.
 * Segments that left the window are deleted from the store once `keepBehind` newer ones
 * followed them (a recorded stream keeps its replay's worth).
 */
export class HlsPublisher {
  /** Segments in the store, oldest first. */
  private published: string[] = [];
  private publishedSet = new Set<string>();
  private lastPlaylist = '';
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private again = false;
  private syncing = false;
  private stopped = false;
  private wentLive: (() => void) | undefined;
  /** Resolves once a playlist naming a segment is in the store (the stream is watchable). */
  readonly firstPublished: Promise<void>;

  constructor(
    private readonly ctx: AppContext,
    private readonly streamId: number,
    private readonly dir: string,
    private readonly keepBehind: number,
  ) {
    this.firstPublished = new Promise((resolve) => (this.wentLive = resolve));
  }

  /** Learns what an earlier writer of the stream (here or on another node) published. */
  async start(): Promise<void> {
    const keys = await this.ctx.blobs.list(livePrefix(this.streamId));
    this.published = keys
      .map((key) => key.slice(livePrefix(this.streamId).length))
      .filter((file) => LIVE_SEGMENT_PATTERN.test(file))
      .sort((a, b) => segmentNumber(a) - segmentNumber(b));
    this.publishedSet = new Set(this.published);
    if (this.stopped) return;
    try {
      this.watcher = watch(this.dir, (_event, name) => {
        if (name === LIVE_PLAYLIST) this.kick();
      });
      this.watcher.on('error', () => undefined);
    } catch {
      // No watch (the folder went): the poll below still publishes.
    }
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  /** Publishes what is on disk now and waits for it (a writer flushed its last segment). */
  async flush(): Promise<void> {
    this.kick();
    await this.running;
    // A sync that began before the flush may have missed the last write.
    this.kick();
    await this.running;
  }

  /** Stops watching; what was published stays. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.watcher?.close();
    clearInterval(this.timer);
    await this.running;
  }

  private kick(): void {
    if (this.syncing) {
      this.again = true;
      return;
    }
    this.syncing = true;
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.sync();
        } catch (error) {
          this.ctx.log.warn({ err: error, streamId: this.streamId }, 'live: publishing failed');
        }
      } while (this.again);
      this.syncing = false;
    })();
  }

  private async sync(): Promise<void> {
    const text = await readFile(path.join(this.dir, LIVE_PLAYLIST), 'utf8').catch(() => '');
    if (text === '' || text === this.lastPlaylist) return;
    const cache = liveMediaCache(this.ctx);
    const listed = playlistSegments(text);
    for (const file of listed) {
      if (this.publishedSet.has(file)) continue;
      const data = await readFile(path.join(this.dir, file));
      const key = liveMediaKey(this.streamId, file);
      await this.ctx.blobs.put(key, data, { contentType: 'video/mp2t' });
      cache.rememberSegment(key, data);
      this.published.push(file);
      this.publishedSet.add(file);
    }
    const playlistKey = liveMediaKey(this.streamId, LIVE_PLAYLIST);
    await this.ctx.blobs.put(playlistKey, Buffer.from(text), { contentType: PLAYLIST_TYPE });
    cache.rememberPlaylist(playlistKey, text);
    this.lastPlaylist = text;
    if (listed.length > 0) this.wentLive?.();
    await this.dropOld(new Set(listed));
  }

  /** Deletes the segments more than `keepBehind` places behind the playlist's window. */
  private async dropOld(listed: Set<string>): Promise<void> {
    const behind = this.published.filter((file) => !listed.has(file));
    const excess = behind.length - this.keepBehind;
    if (excess <= 0) return;
    for (const file of behind.slice(0, excess)) {
      await this.ctx.blobs.delete(liveMediaKey(this.streamId, file));
      this.publishedSet.delete(file);
    }
    this.published = this.published.filter((file) => this.publishedSet.has(file));
  }
}
