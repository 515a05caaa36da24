import { ONLINE_WINDOW_SECONDS } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import type { HubSocket } from '../../platform/realtime/hub-types.ts';
import { touchLastSeen } from './chats.repository.ts';

/** Whether someone last seen at `lastSeenAt` counts as online now (the online dot). */
export function isOnline(lastSeenAt: Date | null, now = Date.now()): boolean {
  return lastSeenAt !== null && now - lastSeenAt.getTime() <= ONLINE_WINDOW_SECONDS * 1000;
}

/** How often a node marks its connected users as seen (below ONLINE_WINDOW_SECONDS). */
export const PRESENCE_REFRESH_MS = 60_000;

/**
 * Presence for the online dot: `users.last_seen_at` is set when a user's socket connects, for
 * every user connected to this node once a minute (one UPDATE), and when their last socket on
 * this node disconnects. "Online" is "seen within ONLINE_WINDOW_SECONDS", so a node that dies
 * leaves its users online for at most that long. Writes are best effort: a failed one is logged.
 */
export class PresenceTracker {
  private readonly sockets = new Map<number, number>();
  private readonly pending = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly refreshMs = PRESENCE_REFRESH_MS,
  ) {}

  /** Counts the socket for its user while it stays connected. */
  track(socket: HubSocket): void {
    const userId = socket.data.userId;
    this.sockets.set(userId, (this.sockets.get(userId) ?? 0) + 1);
    this.touch([userId]);
    this.timer ??= setInterval(() => this.touch([...this.sockets.keys()]), this.refreshMs);
    this.timer.unref();
    socket.once('disconnect', () => {
      const left = (this.sockets.get(userId) ?? 1) - 1;
      if (left > 0) this.sockets.set(userId, left);
      else this.sockets.delete(userId);
      this.touch([userId]);
    });
  }

  /** Stops the refresh and waits for writes in flight (before the database closes). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all([...this.pending]);
  }

  private touch(userIds: number[]): void {
    if (userIds.length === 0) return;
    const write = touchLastSeen(this.ctx.db, userIds)
      .catch((error: unknown) => this.ctx.log.warn({ err: error }, 'presence update failed'))
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
  }
}
