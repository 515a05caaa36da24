import type { ServerToClientEvents } from '@glimpse/contract';

export type EventName = keyof ServerToClientEvents;
export type EventPayload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** How services send realtime events: always from an after-commit effect. */
export interface RealtimeEmitter {
  toUser<E extends EventName>(userId: number, event: E, payload: EventPayload<E>): void;
  /** Ends the realtime connections of a session that was just logged out. */
  disconnectSession(userId: number, sessionToken: string): void;
}
