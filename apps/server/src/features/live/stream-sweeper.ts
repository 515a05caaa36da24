import type { AppContext } from '../../platform/context.ts';
import { removeEndedHls } from './live-leftovers.ts';
import { finishStream, staleStreamIds } from './stream-lifecycle.service.ts';
import { retakeDownReplays } from './stream-takedown.ts';

/** A stream created but never sent any video ends after this long (OBS setup takes a while). */
export const STREAM_START_TIMEOUT_SECONDS = 10 * 60;
/** How often the store is swept for ended streams' HLS (listing `live/` costs a request). */
const HLS_SWEEP_EVERY_MS = 60 * 1000;

/**
 * Worker nodes: ends streams whose ingest went quiet for longer than the reconnect grace. The
 * node running an ingest ends its own streams on time; this covers a node that crashed or
 * restarted (nothing else would ever end its streams) and starts that never sent video; takes
 * down again a taken-down stream's replay that its processing made ready (issue 29); and once
 * a minute removes from the store the HLS that a crashed ingest node left of ended streams.
 */
export class StreamSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private hlsSweptAt = Date.now();

  constructor(private readonly ctx: AppContext) {}

  start(): void {
    const everyMs = Math.max(1_000, (this.ctx.config.streamReconnectGraceSeconds * 1000) / 2);
    this.timer = setInterval(() => {
      this.running = this.sweep().then(
        () => undefined,
        (error: unknown) => this.ctx.log.warn({ err: error }, 'stream sweep failed'),
      );
    }, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  async sweep(): Promise<number> {
    const ids = await staleStreamIds(this.ctx, STREAM_START_TIMEOUT_SECONDS);
    for (const id of ids) await finishStream(this.ctx, id);
    // A replay that processing made ready after its stream was taken down goes down again.
    await retakeDownReplays(this.ctx);
    if (Date.now() - this.hlsSweptAt >= HLS_SWEEP_EVERY_MS) {
      this.hlsSweptAt = Date.now();
      await removeEndedHls(this.ctx);
    }
    return ids.length;
  }
}
