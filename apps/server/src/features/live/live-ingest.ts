import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../platform/context.ts';
import { ffmpegBinaries } from '../../platform/media-tools/ffmpeg-binaries.ts';
import { LIVE_PLAYLIST } from '../../platform/media-tools/hls-args.ts';
import { appendEndList, HlsWriter } from '../../platform/media-tools/hls-writer.ts';
import type { IngestControl, IngestSource } from './ingest-registry.ts';
import { HlsPublisher } from './hls-publisher.ts';
import { ENDED_HLS_KEEP_MS, removeEndedHls, removeStoredHls } from './live-leftovers.ts';
import { keepReplay, REPLAY_SEGMENTS } from './live-replay.ts';
import { liveDirOf, liveMediaKey } from './playback-urls.ts';
import { findStream } from './streams.repository.ts';
import { finishStream, streamDataArrived, streamWentLive } from './stream-lifecycle.service.ts';

/** Close codes an ingest socket may get (4000-4999 are the application's). */
export const INGEST_CLOSE = {
  /** The stream ended (its creator ended it, or the grace ran out). */
  ended: { code: 1000, reason: 'stream_ended' },
  /** This node is shutting down: reconnect (to another node) within the grace. */
  restarting: { code: 1012, reason: 'server_restarting' },
  /** ffmpeg could not read what was sent: the stream ended. */
  invalidMedia: { code: 4400, reason: 'invalid_media' },
  /** Another ingest connection sends to this stream already. */
  busy: { code: 4409, reason: 'ingest_already_connected' },
  /** A newer connection took over from this one, which had gone quiet or was closing. */
  replaced: { code: 4408, reason: 'ingest_replaced' },
  /** More unread video piled up than a live stream ever needs. */
  overflow: { code: 4413, reason: 'ingest_overflow' },
} as const;

/** Chunks kept while ffmpeg (re)starts; a live ingest never needs more. */
const PENDING_MAX_BYTES = 32 * 1024 * 1024;
/**
 * Segments kept in the store behind the live window: a player may hold a playlist a reload or
 * two old, and hls.js asks for the segment after the last one it played.
 */
const LIVE_KEEP_BEHIND = 4;

/**
 * A browser sends a chunk every second; one silent this long while a new connection for the same
 * stream arrives is taken for dead (a dropped network leaves a half-open socket that nothing
 * closes for minutes), and the new connection takes over.
 */
const TAKEOVER_SILENCE_MS = 3_000;

class Session {
  source: IngestSource | undefined;
  writer: HlsWriter | undefined;
  /** Copies what the writers put in the scratch folder to the blob store. */
  publisher: HlsPublisher | undefined;
  /** The connection `writer` reads from (an earlier one's writer may still be flushing). */
  writerSource: IngestSource | undefined;
  /** ffmpeg's pipe is full: the connection waits for it (`drained`), its video not yet read. */
  backlogged = false;
  pending: Buffer[] = [];
  pendingBytes = 0;
  graceTimer: NodeJS.Timeout | undefined;
  lastTouch = 0;
  /** When the connection last showed life: connected, or sent a chunk. */
  lastChunkAt = 0;
  /** A recorded stream: segments stay behind the window for the replay. */
  record: boolean | undefined;
  /** The playlist's last write seen by the data check (RTMP and demo ingests feed no chunks). */
  playlistWrittenAt = 0;
  stopping = false;
}

/**
 * This node's live ingests: per stream at most one connection feeding one ffmpeg HLS writer
 * into the scratch folder DATA_DIR/live/<id>, published from there to the blob store under
 * `live/<id>/` (hls-publisher.ts), from which every node serves it. A dropped connection leaves the stream waiting for a reconnect for
 * STREAM_RECONNECT_GRACE_SECONDS (ffmpeg flushes and exits; a reconnect starts a new one that
 * continues the playlist behind a discontinuity), then the stream ends. ffmpeg failing while
 * the connection is up (bytes it cannot read) ends the stream and closes the connection.
 */
export class LiveIngest implements IngestControl {
  private readonly sessions = new Map<number, Session>();
  private dataCheck: NodeJS.Timeout | undefined;

  constructor(private readonly ctx: AppContext) {}

  /** How often arriving data is marked on the stream (`last_data_at`, read by the sweeper). */
  private get touchEveryMs(): number {
    return Math.min(5_000, (this.ctx.config.streamReconnectGraceSeconds * 1000) / 3);
  }

  dirOf(streamId: number): string {
    return liveDirOf(this.ctx.config.dataDir, streamId);
  }

  /** Streams ingested on this node now (the viewer counter walks them). */
  activeStreamIds(): number[] {
    return [...this.sessions].filter(([, s]) => !s.stopping).map(([id]) => id);
  }

  /**
   * A new connection for the stream (already authorized as its creator's). Refused when one is
   * connected already; else it (re)starts the writer. Answers whether it was taken.
   */
  connect(streamId: number, source: IngestSource): boolean {
    let session = this.sessions.get(streamId);
    const current = session?.source;
    if (session && current && !session.stopping && this.gone(session, current)) {
      current.close(INGEST_CLOSE.replaced);
      this.disconnected(streamId, current);
    }
    if (session && (session.source || session.stopping)) {
      source.close(INGEST_CLOSE.busy);
      return false;
    }
    if (!session) {
      session = new Session();
      this.sessions.set(streamId, session);
    }
    clearTimeout(session.graceTimer);
    session.source = source;
    session.lastChunkAt = Date.now();
    this.startDataCheck();
    const previous = session.writer;
    const live = session;
    // A writer still flushing after a drop must be gone before the next continues its playlist.
    void (previous ? previous.exited : Promise.resolve())
      .then(async () => {
        live.record ??= (await findStream(this.ctx.db, streamId))?.record ?? false;
        await this.preparePublishing(streamId, live);
        this.startWriter(streamId, live, source);
      })
      .catch((error: unknown) => {
        this.ctx.log.error({ err: error, streamId }, 'live ingest: writer did not start');
        source.close(INGEST_CLOSE.restarting);
      });
    return true;
  }

  /** The connection is closing, or a browser's went silent: a newer one may take over. */
  private gone(session: Session, source: IngestSource): boolean {
    if (!source.isOpen()) return true;
    return source.feeds && Date.now() - session.lastChunkAt > TAKEOVER_SILENCE_MS;
  }

  /** A chunk from a browser connection (MediaRecorder WebM); false: pause until `drained`. */
  feed(streamId: number, source: IngestSource, chunk: Buffer): boolean {
    const session = this.sessions.get(streamId);
    if (!session || session.source !== source || session.stopping) return true;
    session.lastChunkAt = Date.now();
    this.touch(streamId, session);
    // Only this connection's writer takes chunks: an earlier connection's, still flushing, has
    // closed its input and would drop them (this connection's WebM header with them).
    const writer = session.writerSource === source ? session.writer : undefined;
    if (!writer?.running || session.pending.length > 0) {
      session.pending.push(chunk);
      session.pendingBytes += chunk.length;
      if (session.pendingBytes > PENDING_MAX_BYTES) source.close(INGEST_CLOSE.overflow);
      return true;
    }
    const taken = writer.write(chunk);
    session.backlogged = !taken;
    return taken;
  }

  drained(streamId: number): Promise<void> {
    const session = this.sessions.get(streamId);
    const writer = session?.writer;
    if (!session || !writer) return Promise.resolve();
    return writer.drained().then(() => {
      if (session.writer === writer) session.backlogged = false;
    });
  }

  /** The connection went away: flush ffmpeg and wait out the grace for a reconnect. */
  disconnected(streamId: number, source: IngestSource): void {
    const session = this.sessions.get(streamId);
    if (!session || session.source !== source) return;
    session.source = undefined;
    session.pending = [];
    session.pendingBytes = 0;
    session.backlogged = false;
    if (session.stopping) return;
    void session.writer?.finish();
    session.graceTimer = setTimeout(
      () => void this.end(streamId),
      this.ctx.config.streamReconnectGraceSeconds * 1000,
    );
  }

  /** The stream ended (finishStream): stop its ingest here and close the playlist. */
  async stop(streamId: number): Promise<void> {
    const session = this.sessions.get(streamId);
    if (!session || session.stopping) return;
    session.stopping = true;
    clearTimeout(session.graceTimer);
    session.source?.close(INGEST_CLOSE.ended);
    session.source = undefined;
    await session.writer?.finish();
    const dir = this.dirOf(streamId);
    const publisher = session.publisher;
    // The last segment, then the playlist's end, reach the store before the folder goes.
    await publisher?.flush();
    await appendEndList(dir);
    await publisher?.flush();
    await publisher?.stop();
    this.sessions.delete(streamId);
    await rm(dir, { recursive: true, force: true });
    // The replay (a recorded stream) is made from the store in the background; the stream's
    // HLS leaves the store ENDED_HLS_KEEP_MS after the end.
    void (session.record ? keepReplay(this.ctx, streamId) : Promise.resolve())
      .catch((error: unknown) =>
        this.ctx.log.error({ err: error, streamId }, 'live: the replay could not be kept'),
      )
      .finally(() => {
        setTimeout(() => {
          removeStoredHls(this.ctx, streamId).catch((error: unknown) =>
            this.ctx.log.warn({ err: error, streamId }, 'live: stored HLS not removed'),
          );
        }, ENDED_HLS_KEEP_MS).unref();
      });
  }

  /**
   * Before a writer starts: a stream continued on this node after another wrote it (that node
   * restarted) gets its playlist back from the store, so ffmpeg continues its numbering; the
   * publisher starts once per session.
   */
  private async preparePublishing(streamId: number, session: Session): Promise<void> {
    const dir = this.dirOf(streamId);
    if (!existsSync(path.join(dir, LIVE_PLAYLIST))) {
      const stored = await this.ctx.blobs.get(liveMediaKey(streamId, LIVE_PLAYLIST));
      if (stored) {
        const chunks: Buffer[] = [];
        for await (const chunk of stored) chunks.push(chunk as Buffer);
        const text = Buffer.concat(chunks).toString('utf8').replace('#EXT-X-ENDLIST\n', '');
        await mkdir(dir, { recursive: true });
        await writeFile(path.join(dir, LIVE_PLAYLIST), text);
      }
    }
    if (session.publisher || session.stopping) return;
    await mkdir(dir, { recursive: true });
    const keepBehind = LIVE_KEEP_BEHIND + (session.record ? REPLAY_SEGMENTS : 0);
    const publisher = new HlsPublisher(this.ctx, streamId, dir, keepBehind);
    session.publisher = publisher;
    await publisher.start();
    void publisher.firstPublished.then(async () => {
      if (!session.stopping) await streamWentLive(this.ctx, streamId);
    });
  }

  /**
   * At start: removes the scratch folders a previous run left behind for streams that have
   * ended (it stopped or died), and from the store the HLS of streams ended more than two
   * minutes ago. Open streams keep theirs: their creator may reconnect and continue the playlist.
   */
  async removeLeftovers(): Promise<void> {
    const root = path.join(this.ctx.config.dataDir, 'live');
    const names = await readdir(root).catch(() => [] as string[]);
    for (const name of names) {
      const streamId = Number(name);
      if (!/^[1-9][0-9]{0,9}$/.test(name) || this.sessions.has(streamId)) continue;
      const stream =
        streamId <= 2_147_483_647 ? await findStream(this.ctx.db, streamId) : undefined;
      if (stream?.status !== 'ended' && stream !== undefined) continue;
      await rm(path.join(root, name), { recursive: true, force: true });
    }
    await removeEndedHls(this.ctx);
  }

  /** Shutdown: connections are told to come back, writers die; streams wait out the grace. */
  close(): void {
    clearInterval(this.dataCheck);
    for (const session of this.sessions.values()) {
      session.stopping = true;
      clearTimeout(session.graceTimer);
      session.source?.close(INGEST_CLOSE.restarting);
      session.writer?.kill();
      void session.publisher?.stop();
    }
    this.sessions.clear();
  }

  private startWriter(streamId: number, session: Session, source: IngestSource): void {
    if (session.stopping || session.source !== source) return;
    const dir = this.dirOf(streamId);
    const writer = HlsWriter.start(
      ffmpegBinaries(this.ctx.config.ffmpegPath).ffmpeg,
      source.input,
      dir,
      {
        resume: existsSync(path.join(dir, LIVE_PLAYLIST)),
        keepSegments: session.record ? REPLAY_SEGMENTS : 0,
      },
    );
    session.writer = writer;
    session.writerSource = source;
    session.backlogged = false;
    for (const chunk of session.pending) writer.write(chunk);
    session.pending = [];
    session.pendingBytes = 0;
    void writer.exited.then(async (exit) => {
      if (session.stopping || session.writer !== writer || session.source !== source) return;
      // ffmpeg quit while the connection is up: it could not read the input. The stream ends.
      this.ctx.log.warn({ streamId, exit }, 'live ingest: ffmpeg stopped, ending the stream');
      source.close(INGEST_CLOSE.invalidMedia);
      await this.end(streamId);
    });
  }

  /**
   * Marks data for every connected stream whose playlist ffmpeg rewrote since the last look:
   * an RTMP or demo ingest feeds no chunks through `feed`, but a growing playlist is data. So is
   * video waiting on this side (ffmpeg's pipe full, or the next writer starting): on a busy
   * machine the encoder falls behind, and its first segment may take longer than the grace,
   * which must not read as a creator gone quiet.
   */
  private startDataCheck(): void {
    if (this.dataCheck) return;
    this.dataCheck = setInterval(() => {
      for (const [streamId, session] of this.sessions) {
        if (!session.source) continue;
        // Ended on another node (its creator's request landed there): nothing tells this
        // node but the database, so a connection that sends nothing learns it here.
        if (Date.now() - session.lastTouch > 2 * this.touchEveryMs) this.checkOpen(streamId);
        if (session.backlogged || session.pending.length > 0) {
          this.touch(streamId, session);
          continue;
        }
        if (!session.writer?.running) continue;
        void stat(path.join(this.dirOf(streamId), LIVE_PLAYLIST))
          .then(({ mtimeMs }) => {
            if (mtimeMs === session.playlistWrittenAt) return;
            session.playlistWrittenAt = mtimeMs;
            this.touch(streamId, session);
          })
          .catch(() => undefined);
      }
    }, this.touchEveryMs);
    this.dataCheck.unref();
  }

  private checkOpen(streamId: number): void {
    void findStream(this.ctx.db, streamId)
      .then((stream) => (stream?.status === 'ended' ? this.stop(streamId) : undefined))
      .catch((error: unknown) => this.ctx.log.warn({ err: error, streamId }, 'live check failed'));
  }

  /** Marks data arrival (throttled); a stream ended elsewhere stops here too. */
  private touch(streamId: number, session: Session): void {
    const now = Date.now();
    if (now - session.lastTouch < this.touchEveryMs) return;
    session.lastTouch = now;
    void streamDataArrived(this.ctx, streamId)
      .then((open) => (open ? undefined : this.stop(streamId)))
      .catch((error: unknown) => this.ctx.log.warn({ err: error, streamId }, 'live touch failed'));
  }

  private async end(streamId: number): Promise<void> {
    try {
      await finishStream(this.ctx, streamId);
    } catch (error) {
      this.ctx.log.error({ err: error, streamId }, 'live ingest: ending the stream failed');
    }
  }
}
