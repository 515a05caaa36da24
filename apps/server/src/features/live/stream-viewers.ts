import { streamRoom } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import * as repo from './streams.repository.ts';

/** How often a stream's watchers are counted (and `stream.viewers` sent when it changed). */
export const VIEWERS_TICK_MS = 5_000;

/**
 * Counts each stream's watchers: the distinct users (its creator aside) with a socket in
 * `stream:{id}`, on every node (socket.io's fetchSockets through the Redis adapter). Counted for
 * the streams this node ingests, and those its own sockets just joined or left; a count that
 * changed is written to `streams.viewer_count` (home lists) and sent to the room as
 * `stream.viewers`, through the outbox.
 */
export class ViewerCounter {
  private timer: NodeJS.Timeout | undefined;
  private readonly dirty = new Set<number>();
  private readonly last = new Map<number, number>();
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    private readonly localStreams: () => number[],
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running = this.tick().catch((error: unknown) =>
        this.ctx.log.warn({ err: error }, 'viewer count failed'),
      );
    }, VIEWERS_TICK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** A socket of this node joined or left the stream's room. */
  changed(streamId: number): void {
    this.dirty.add(streamId);
  }

  /** Distinct watchers now. */
  async count(streamId: number, creatorId?: number): Promise<number> {
    const users = new Set(await this.ctx.realtime.roomUserIds(streamRoom(streamId)));
    if (creatorId !== undefined) users.delete(creatorId);
    return users.size;
  }

  async tick(): Promise<void> {
    const ids = new Set([...this.localStreams(), ...this.dirty]);
    this.dirty.clear();
    for (const id of ids) {
      const stream = await repo.findStream(this.ctx.db, id);
      if (!stream || stream.status === 'ended') {
        this.last.delete(id);
        continue;
      }
      const viewers = await this.count(id, stream.creatorId);
      if ((this.last.get(id) ?? stream.viewerCount) === viewers) continue;
      this.last.set(id, viewers);
      await inTransaction(this.ctx.db, async (tx, effects) => {
        await repo.setViewerCount(tx, id, viewers);
        effects.emitToRooms([streamRoom(id)], 'stream.viewers', { stream_id: id, viewers });
      });
    }
  }
}
