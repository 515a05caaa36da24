import type { HubServer } from './hub-types.ts';

/** How long an answer is kept at most: the bound on a crashed node's sockets still counting. */
export const PRESENCE_TTL_MS = 1_000;

/** The server-side event by which a node tells the others a room's sockets changed. */
export const PRESENCE_CHANGED = 'room.presence-changed';

/** Past this many rooms kept, the expired ones are swept (rooms nobody asks about again). */
const MAX_KEPT = 1_000;

interface Fetch {
  users: Promise<ReadonlySet<number>>;
  /** A join or leave in the room was reported after this fetch started: its answer is not kept. */
  stale: boolean;
}

/**
 * Who is in a room (`chat:{id}`), on every node, kept between asks: the exact answer
 * (`fetchSockets`, through Redis a round trip to every node) is asked again only after a socket
 * joined or left the room on any node, or after PRESENCE_TTL_MS. A busy chat (a message every
 * few milliseconds) asks once instead of for every batch; each ask put the other nodes' event
 * loops on the send's path.
 *
 * Each node reports its own sockets' joins and leaves (the adapter's `join-room` and
 * `leave-room`, also for a leave on disconnect or on another node's request) to the others
 * through Redis, in order with its answers to fetches (one publishing connection), so an answer
 * fetched before a change never outlives the change's report. What remains is the window of
 * that report (a few milliseconds, against the window of the ask itself, before the messages'
 * insert, that the notices already accept: message-notices.ts), and a crashed node, which
 * reports nothing: its sockets count until the TTL.
 */
export class RoomPresence {
  private readonly known = new Map<string, { users: ReadonlySet<number>; at: number }>();
  private readonly fetching = new Map<string, Fetch>();

  /** Only rooms starting with one of `prefixes` are kept: their joins and leaves are reported. */
  constructor(
    private readonly fetchUsers: (room: string) => Promise<number[]>,
    private readonly prefixes: string[],
    private readonly ttlMs = PRESENCE_TTL_MS,
  ) {}

  private kept(room: string): boolean {
    return this.prefixes.some((prefix) => room.startsWith(prefix));
  }

  /**
   * Reports the joins and leaves of kept rooms by `io`'s sockets: to this node at once, to the
   * others with `publish` (undefined without Redis: one node only).
   */
  watch(io: HubServer, publish?: (room: string) => void): void {
    const onChange = (room: string) => {
      if (!this.kept(room)) return;
      this.changed(room);
      publish?.(room);
    };
    const adapter = io.of('/').adapter;
    adapter.on('join-room', onChange);
    adapter.on('leave-room', onChange);
  }

  /** The users with a socket in `room` now, on every node. Rejects when a node does not answer. */
  usersIn(room: string): Promise<ReadonlySet<number>> {
    if (!this.kept(room)) return this.fetchUsers(room).then((users) => new Set(users));
    const now = performance.now();
    const kept = this.known.get(room);
    if (kept && now - kept.at < this.ttlMs) return Promise.resolve(kept.users);
    if (kept) this.known.delete(room);
    if (this.known.size > MAX_KEPT) this.forgetExpired(now);
    const pending = this.fetching.get(room);
    if (pending && !pending.stale) return pending.users;
    const ask: Fetch = { users: Promise.resolve(new Set()), stale: false };
    ask.users = this.fetchUsers(room).then((users) => {
      const set: ReadonlySet<number> = new Set(users);
      if (!ask.stale) this.known.set(room, { users: set, at: now });
      return set;
    });
    this.fetching.set(room, ask);
    void ask.users
      .catch(() => undefined)
      .finally(() => {
        if (this.fetching.get(room) === ask) this.fetching.delete(room);
      });
    return ask.users;
  }

  private forgetExpired(now: number): void {
    for (const [room, kept] of this.known) if (now - kept.at >= this.ttlMs) this.known.delete(room);
  }

  /** A socket joined or left `room` (here or on another node): the next ask fetches again. */
  changed(room: string): void {
    this.known.delete(room);
    const pending = this.fetching.get(room);
    if (pending) pending.stale = true;
  }

  /** Forgets every answer: reports may have been lost (Redis reconnected). */
  clear(): void {
    this.known.clear();
    for (const pending of this.fetching.values()) pending.stale = true;
  }
}
