import type { Message } from './schemas/messaging.ts';
import type { AppNotification } from './schemas/notifications.ts';

/**
 * Realtime events (socket.io). Rooms: `user:{id}` joined on connect, `chat:{id}` on request.
 * Later capabilities add their payloads here; the server emits only after commit.
 */
export interface ServerToClientEvents {
  'story.ready': (payload: { story_id: number }) => void;
  'story.failed': (payload: { story_id: number; error: string }) => void;
  'user.updated': (payload: { user_id: number }) => void;
  /** The wallet or earnings changed outside a request of this tab (a top-up, a tip received). */
  'wallet.updated': (payload: { balance: number }) => void;
  /** Someone asked the user for a tip. */
  'tip.requested': (payload: { request_id: number; from_user_id: number }) => void;
  /** An identity check finished. */
  'verification.updated': (payload: { verified: boolean }) => void;
  /** A subscription ran out without renewal (cancelled, or the wallet could not pay). */
  'subscription.ended': (payload: {
    creator_id: number;
    reason: 'cancelled' | 'renewal_failed';
  }) => void;
  /**
   * A message was posted in a chat the socket's user is in (sent to `chat:{id}` and, for direct
   * chats, both members' `user:{id}` rooms; a socket in several gets it once). `message` is the
   * viewer-neutral copy (`own` and `is_read` false: the client sets `own` from `user_id`) for
   * text and tips; audio and story messages carry signed, per-viewer media, so they come
   * without it and the client fetches `GET /api/chats/{chat_id}/messages?after=`.
   */
  'message.created': (payload: {
    chat_id: number;
    message_id: number;
    sender_id: number;
    message?: Message;
  }) => void;
  /** A member read the chat up to `last_read_id`. */
  'message.read': (payload: { chat_id: number; user_id: number; last_read_id: number }) => void;
  /**
   * The sender deleted a message for everyone (to the same rooms as `message.created`): it
   * shows as deleted; its content is gone from every answer.
   */
  'message.deleted': (payload: { chat_id: number; message_id: number }) => void;
  'chat.pinned': (payload: { chat_id: number; pinned_message: Message }) => void;
  'chat.unpinned': (payload: { chat_id: number }) => void;
  /** A stream went live (to every signed-in socket: home lists refresh their Streams tab). */
  'stream.started': (payload: { stream_id: number; user_id: number }) => void;
  /** A stream ended (to every signed-in socket, and its watchers). */
  'stream.ended': (payload: { stream_id: number; user_id: number }) => void;
  /** How many watch a stream now (to its watchers' room `stream:{id}`, a few times a minute). */
  'stream.viewers': (payload: { stream_id: number; viewers: number }) => void;
  /**
   * A notification was written or a grouped one took another actor (to every tab of its user):
   * the line as the list shows it, and the new unread count.
   */
  'notification.created': (payload: {
    notification: AppNotification;
    unread_count: number;
  }) => void;
  /** Lines were marked read (by any tab): the new unread count. */
  'notification.read': (payload: { ids: number[] | 'all'; unread_count: number }) => void;
  /**
   * A moderator took an item down (issue 29): open viewers drop it. A public story goes to
   * every signed-in socket, a story posted into chats and a message to those chats' rooms
   * (`chat_id` set for a message), a stream to its watchers and every signed-in socket.
   */
  'content.removed': (payload: {
    kind: 'story' | 'message' | 'stream';
    id: number;
    chat_id?: number;
  }) => void;
  /** The typing whisper, relayed to the room's other members, never stored. */
  typing: (payload: { chat_id: number; user_id: number }) => void;
}

/** What `chat.join` answers through its acknowledgement. */
export type ChatJoinAck = { ok: true } | { ok: false; err_key: 'chat_not_found' };

export type StreamWatchAck =
  { ok: true; viewers: number } | { ok: false; err_key: 'stream_not_found' };

export interface ClientToServerEvents {
  /** Join `chat:{id}` after the server checks membership (`chat.read`). */
  'chat.join': (payload: { chat_id: number }, ack: (answer: ChatJoinAck) => void) => void;
  'chat.leave': (payload: { chat_id: number }) => void;
  /** Watch a stream: joins `stream:{id}` after `stream.watch`, and counts as a viewer. */
  'stream.watch': (payload: { stream_id: number }, ack: (answer: StreamWatchAck) => void) => void;
  'stream.leave': (payload: { stream_id: number }) => void;
  /** Sent on keydown; only relayed for a room the socket joined. */
  typing: (payload: { chat_id: number }) => void;
}

export const userRoom = (userId: number) => `user:${userId}`;
export const chatRoom = (chatId: number) => `chat:${chatId}`;
export const streamRoom = (streamId: number) => `stream:${streamId}`;
/** Every signed-in socket: stream.started / stream.ended for the home lists. */
export const LIVE_ROOM = 'live';
