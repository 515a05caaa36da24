import type { AppContext } from '../../platform/context.ts';
import type { Config } from '../../platform/config/config.ts';
import type { LiveInput } from '../../platform/media-tools/hls-args.ts';

/** One ingest connection: a browser socket, or an RTMP publish (node-media-server). */
export interface IngestSource {
  input: LiveInput;
  /** Ends the connection with a reason (the socket's close code; RTMP drops the publisher). */
  close(why: { code: number; reason: string }): void;
  /** False once the connection is closing (its close event may not have arrived yet). */
  isOpen(): boolean;
  /** It sends chunks through `feed` (a browser), so silence means it is gone. */
  feeds: boolean;
}

/** What the rest of the live feature asks of the node's ingest (live-ingest.ts). */
export interface IngestControl {
  /** A new connection feeding the stream; false when it has one already. */
  connect(streamId: number, source: IngestSource): boolean;
  /** Stops the stream's ingest on this node, if it runs here: ffmpeg, socket, end of playlist. */
  stop(streamId: number): Promise<void>;
}

/**
 * One ingest per node, keyed by the node's config: nodes of one cluster in one process (the
 * tests' peer nodes) share a database handle, but each has its own config.
 */
const ingests = new WeakMap<Config, IngestControl>();

export function registerIngest(ctx: Pick<AppContext, 'config'>, ingest: IngestControl): void {
  ingests.set(ctx.config, ingest);
}

export function ingestOf(ctx: Pick<AppContext, 'config'>): IngestControl | undefined {
  return ingests.get(ctx.config);
}
