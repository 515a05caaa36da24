import { chatRoom, type ChatJoinAck } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { withRequestAddress } from '../../platform/http/request-country.ts';
import type { ConnectionHandler, HubSocket } from '../../platform/realtime/hub-types.ts';
import type { RoomGuard } from '../../platform/realtime/realtime-emitter.ts';
import { checkAccess } from '../access/index.ts';
import type { PresenceTracker } from './presence.ts';

/** A socket relays at most one typing whisper per chat this often (the client sends on keydown). */
export const TYPING_MIN_INTERVAL_MS = 300;

/** The chat id of a client payload, or undefined when it is not a row id. */
function chatIdOf(payload: unknown): number | undefined {
  const id = (payload as { chat_id?: unknown } | null)?.chat_id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647
    ? id
    : undefined;
}

async function handleJoin(
  ctx: AppContext,
  socket: HubSocket,
  payload: unknown,
): Promise<ChatJoinAck> {
  const chatId = chatIdOf(payload);
  if (chatId === undefined) return { ok: false, err_key: 'chat_not_found' };
  const allowed = await checkAccess(ctx, socket.data.userId, 'chat.read', [chatId]);
  if (!allowed.has(chatId) || socket.disconnected) return { ok: false, err_key: 'chat_not_found' };
  await socket.join(chatRoom(chatId));
  // Access may have ended between the check and the join, with the recheck of its end finding
  // the socket not in the room yet: judged once more now that it is in.
  const still = await checkAccess(ctx, socket.data.userId, 'chat.read', [chatId]);
  if (!still.has(chatId)) {
    await socket.leave(chatRoom(chatId));
    return { ok: false, err_key: 'chat_not_found' };
  }
  return { ok: true };
}

/** Who may stay in `chat:{id}`: `chat.read`, as at `chat.join` (platform/realtime/room-access.ts). */
export function chatRoomGuard(ctx: AppContext): RoomGuard {
  return {
    prefix: 'chat',
    allowed: (userId, ids) => checkAccess(ctx, userId, 'chat.read', ids),
  };
}

/**
 * The chat events of each socket: `chat.join` (acknowledged after `chat.read`; a refusal joins
 * nothing), `chat.leave`, and the `typing` whisper, relayed to the others in a room the socket
 * joined, at most once per TYPING_MIN_INTERVAL_MS per chat, never stored. Presence is tracked
 * for every socket.
 */
export function chatSocketHandler(ctx: AppContext, presence: PresenceTracker): ConnectionHandler {
  return (socket) => {
    presence.track(socket);
    const lastTyping = new Map<number, number>();

    socket.on('chat.join', (payload: unknown, ack: unknown) => {
      // Inside the socket's address, as an HTTP request is: geo-blocking sees its country.
      withRequestAddress(socket.data.ip, () => handleJoin(ctx, socket, payload))
        .catch((error: unknown) => {
          ctx.log.warn({ err: error }, 'chat.join failed');
          return { ok: false, err_key: 'chat_not_found' } as const;
        })
        .then((answer) => {
          if (typeof ack === 'function') (ack as (answer: ChatJoinAck) => void)(answer);
        })
        .catch(() => undefined);
    });

    socket.on('chat.leave', (payload: unknown) => {
      const chatId = chatIdOf(payload);
      if (chatId !== undefined) void socket.leave(chatRoom(chatId));
    });

    socket.on('typing', (payload: unknown) => {
      const chatId = chatIdOf(payload);
      if (chatId === undefined || !socket.rooms.has(chatRoom(chatId))) return;
      const now = Date.now();
      if (now - (lastTyping.get(chatId) ?? 0) < TYPING_MIN_INTERVAL_MS) return;
      lastTyping.set(chatId, now);
      socket.to(chatRoom(chatId)).emit('typing', { chat_id: chatId, user_id: socket.data.userId });
    });
  };
}
