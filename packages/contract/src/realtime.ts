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
}

/** Messaging adds `chat.join`, `chat.leave` and `typing` here. */
export type ClientToServerEvents = Record<never, never>;

export const userRoom = (userId: number) => `user:${userId}`;
