import { LIVE_ROOM, streamRoom, type StreamWatchAck } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import type { ConnectionHandler, HubSocket } from '../../platform/realtime/hub-types.ts';
import type { RoomGuard } from '../../platform/realtime/realtime-emitter.ts';
import { checkAccess } from '../access/index.ts';
import type { ViewerCounter } from './stream-viewers.ts';
import * as repo from './streams.repository.ts';

const NOT_FOUND = { ok: false, err_key: 'stream_not_found' } as const;

function streamIdOf(payload: unknown): number | undefined {
  const id = (payload as { stream_id?: unknown } | null)?.stream_id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647
    ? id
    : undefined;
}

async function handleWatch(
  ctx: AppContext,
  counter: ViewerCounter,
  socket: HubSocket,
  payload: unknown,
): Promise<StreamWatchAck> {
  const streamId = streamIdOf(payload);
  if (streamId === undefined) return NOT_FOUND;
  const allowed = await checkAccess(ctx, socket.data.userId, 'stream.watch', [streamId]);
  if (!allowed.has(streamId) || socket.disconnected) return NOT_FOUND;
  await socket.join(streamRoom(streamId));
  counter.changed(streamId);
  // Access may have ended between the check and the join (see chat-sockets.ts handleJoin).
  const still = await checkAccess(ctx, socket.data.userId, 'stream.watch', [streamId]);
  if (!still.has(streamId)) {
    await socket.leave(streamRoom(streamId));
    return NOT_FOUND;
  }
  const stream = await repo.findStream(ctx.db, streamId);
  return { ok: true, viewers: await counter.count(streamId, stream?.creatorId) };
}

/**
 * Who may stay in `stream:{id}`: `stream.watch`, as at `stream.watch` (an ended stream keeps
 * only its creator); the viewer count is taken again for the streams left.
 */
export function streamRoomGuard(ctx: AppContext, counter: ViewerCounter): RoomGuard {
  return {
    prefix: 'stream',
    allowed: (userId, ids) => checkAccess(ctx, userId, 'stream.watch', ids),
    left: (_userId, ids) => {
      for (const id of ids) counter.changed(id);
    },
  };
}

/**
 * Live events of each socket: every signed-in socket is in LIVE_ROOM (`stream.started`,
 * `stream.ended` for the home lists); `stream.watch` joins `stream:{id}` after `stream.watch`
 * (acknowledged with the viewer count; a refusal joins nothing), `stream.leave` leaves it.
 */
export function liveSocketHandler(ctx: AppContext, counter: ViewerCounter): ConnectionHandler {
  return (socket) => {
    void socket.join(LIVE_ROOM);

    socket.on('stream.watch', (payload: unknown, ack: unknown) => {
      handleWatch(ctx, counter, socket, payload)
        .catch((error: unknown) => {
          ctx.log.warn({ err: error }, 'stream.watch failed');
          return NOT_FOUND;
        })
        .then((answer) => {
          if (typeof ack === 'function') (ack as (answer: StreamWatchAck) => void)(answer);
        })
        .catch(() => undefined);
    });

    socket.on('stream.leave', (payload: unknown) => {
      const streamId = streamIdOf(payload);
      if (streamId === undefined) return;
      void socket.leave(streamRoom(streamId));
      counter.changed(streamId);
    });

    socket.on('disconnecting', () => {
      for (const room of socket.rooms) {
        const match = /^stream:([0-9]+)$/.exec(room);
        if (match) counter.changed(Number(match[1]));
      }
    });
  };
}
