import { describe, expect, it } from 'vitest';
import { RoomPresence } from './room-presence.ts';

/** A fetch of a room's users that answers from `rooms` and counts its calls. */
function fetcher(rooms: Map<string, number[]>) {
  const calls: string[] = [];
  let gate: Promise<void> = Promise.resolve();
  return {
    calls,
    /** Holds the fetches started from now on until the returned function is called. */
    hold() {
      let open = () => undefined as void;
      gate = new Promise<void>((resolve) => (open = resolve));
      return open;
    },
    /** Fetches started from now on answer at once (held ones stay held). */
    unhold() {
      gate = Promise.resolve();
    },
    fetch: async (room: string) => {
      calls.push(room);
      const users = [...(rooms.get(room) ?? [])];
      await gate;
      if (users.includes(-1)) throw new Error('a node did not answer');
      return users;
    },
  };
}

const sorted = (users: ReadonlySet<number>) => [...users].sort();

describe('RoomPresence', () => {
  it('keeps an answer until the room changes, then asks again', async () => {
    const rooms = new Map([['chat:1', [1, 2]]]);
    const source = fetcher(rooms);
    const presence = new RoomPresence(source.fetch, ['chat:'], 60_000);
    expect(sorted(await presence.usersIn('chat:1'))).toEqual([1, 2]);
    rooms.set('chat:1', [1]);
    expect(sorted(await presence.usersIn('chat:1'))).toEqual([1, 2]);
    expect(source.calls).toEqual(['chat:1']);

    presence.changed('chat:1');
    expect(sorted(await presence.usersIn('chat:1'))).toEqual([1]);
    expect(source.calls).toEqual(['chat:1', 'chat:1']);
  });

  it('does not keep an answer whose room changed while it was fetched', async () => {
    const rooms = new Map([['chat:1', [1, 2]]]);
    const source = fetcher(rooms);
    const presence = new RoomPresence(source.fetch, ['chat:'], 60_000);
    const open = source.hold();
    const first = presence.usersIn('chat:1');
    // Asked while the first is in flight and nothing changed: the same fetch.
    const shared = presence.usersIn('chat:1');
    presence.changed('chat:1');
    rooms.set('chat:1', [1]);
    source.unhold();
    // After the change a fetch in flight is not joined: it may predate the change. The new one
    // answers first here; the old answer, arriving last, must not be what is kept.
    const after = presence.usersIn('chat:1');
    expect(sorted(await after)).toEqual([1]);
    open();
    expect(sorted(await first)).toEqual([1, 2]);
    expect(sorted(await shared)).toEqual([1, 2]);
    expect(sorted(await presence.usersIn('chat:1'))).toEqual([1]);
    expect(source.calls).toEqual(['chat:1', 'chat:1']);
  });

  it('asks again once its answer is older than the TTL', async () => {
    const source = fetcher(new Map([['chat:1', [1]]]));
    const presence = new RoomPresence(source.fetch, ['chat:'], 20);
    await presence.usersIn('chat:1');
    await presence.usersIn('chat:1');
    expect(source.calls).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await presence.usersIn('chat:1');
    expect(source.calls).toHaveLength(2);
  });

  it('keeps no failed answer, no answer after clear, and no room outside its prefixes', async () => {
    const rooms = new Map([
      ['chat:1', [-1]],
      ['stream:1', [3]],
    ]);
    const source = fetcher(rooms);
    const presence = new RoomPresence(source.fetch, ['chat:'], 60_000);
    await expect(presence.usersIn('chat:1')).rejects.toThrow('a node did not answer');
    rooms.set('chat:1', [1]);
    expect(sorted(await presence.usersIn('chat:1'))).toEqual([1]);
    presence.clear();
    rooms.set('chat:1', [2]);
    expect(sorted(await presence.usersIn('chat:1'))).toEqual([2]);
    await presence.usersIn('stream:1');
    await presence.usersIn('stream:1');
    expect(source.calls).toEqual(['chat:1', 'chat:1', 'chat:1', 'stream:1', 'stream:1']);
  });
});
