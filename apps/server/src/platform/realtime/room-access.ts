import { userRoom } from '@glimpse/contract';
import type { HubServer } from './hub-types.ts';

/**
 * Who may stay in the rooms of one kind (`chat:{id}`, `stream:{id}`). The feature that lets
 * sockets join them registers it, judged by the same permission as its join; the hub asks it
 * again whenever access may have ended (`recheckRoomAccess`).
 */
export interface RoomGuard {
  /** The rooms it judges: `chat` for `chat:{id}`. */
  prefix: string;
  /** Which of `ids` the user may still be in (one batched access check). */
  allowed(userId: number, ids: number[]): Promise<Set<number>>;
  /** After the user's sockets (on every node) were taken out of these rooms. */
  left?(userId: number, ids: number[]): void;
}

/**
 * Whose room access may have ended: users (a block, an unfollow, a subscription that ended or
 * was refunded: every guarded room their sockets are in is judged again), or rooms (a chat
 * deleted, a stream ended or made private: every socket in them is).
 */
export type RoomAccessScope = { userIds: number[] } | { rooms: string[] };

/** `prefix:{id}` as its prefix and id, or undefined for rooms of another shape. */
function parseRoom(room: string): { prefix: string; id: number } | undefined {
  const match = /^([a-z]+):([0-9]+)$/.exec(room);
  return match ? { prefix: match[1]!, id: Number(match[2]) } : undefined;
}

/**
 * Judges again, against the guards, the guarded rooms in scope of every socket in scope (on
 * every node: fetchSockets through the Redis adapter), and takes each user's sockets out of the
 * rooms they may no longer be in (socketsLeave through the user's room, on every node), before
 * it resolves. Rooms with no guard (`user:{id}`, the live lobby) are left alone.
 */
export async function recheckRooms(
  io: HubServer,
  guards: ReadonlyMap<string, RoomGuard>,
  scope: RoomAccessScope,
  acrossNodes = true,
): Promise<void> {
  // Without the adapter's Redis the other nodes cannot be asked: this node's sockets at least.
  const nodes = acrossNodes ? io : io.local;
  const inScope = 'rooms' in scope ? new Set(scope.rooms) : undefined;
  const target = 'rooms' in scope ? scope.rooms : scope.userIds.map(userRoom);
  if (target.length === 0 || guards.size === 0) return;
  // Per user, per guard: the ids of the rooms to judge.
  const toJudge = new Map<number, Map<string, Set<number>>>();
  for (const socket of await nodes.in(target).fetchSockets()) {
    const byGuard = toJudge.get(socket.data.userId) ?? new Map<string, Set<number>>();
    toJudge.set(socket.data.userId, byGuard);
    for (const room of socket.rooms) {
      const parsed = parseRoom(room);
      if (!parsed || !guards.has(parsed.prefix) || (inScope && !inScope.has(room))) continue;
      const ids = byGuard.get(parsed.prefix) ?? new Set<number>();
      byGuard.set(parsed.prefix, ids.add(parsed.id));
    }
  }
  const moved: string[] = [];
  for (const [userId, byGuard] of toJudge) {
    for (const [prefix, ids] of byGuard) {
      const guard = guards.get(prefix)!;
      const allowed = await guard.allowed(userId, [...ids]);
      const denied = [...ids].filter((id) => !allowed.has(id));
      if (denied.length === 0) continue;
      const rooms = denied.map((id) => `${prefix}:${id}`);
      // This node's sockets leave now (the Redis adapter would apply its own request only
      // once it came back through Redis); the other nodes' through the adapter.
      io.local.in(userRoom(userId)).socketsLeave(rooms);
      nodes.in(userRoom(userId)).socketsLeave(rooms);
      moved.push(userRoom(userId));
      guard.left?.(userId, denied);
    }
  }
  // A barrier: every node answers a request only after the leave published before it (one
  // Redis connection keeps their order), so once this resolves no node still has them in.
  if (moved.length > 0) await nodes.in(moved).fetchSockets();
}
