/**
 * Realtime events (socket.io). Rooms: `user:{id}` joined on connect, `chat:{id}` on request.
 * Later capabilities add their payloads here; the server emits only after commit.
 */
export interface ServerToClientEvents {
  'story.ready': (payload: { story_id: number }) => void;
  'story.failed': (payload: { story_id: number; error: string }) => void;
  'user.updated': (payload: { user_id: number }) => void;
}

/** Messaging adds `chat.join`, `chat.leave` and `typing` here. */
export type ClientToServerEvents = Record<never, never>;

export const userRoom = (userId: number) => `user:${userId}`;
