import type { EnqueueOptions, JobName } from '../queue/job-runner.ts';
import type { EventName, RoomAccessScope } from '../realtime/realtime-emitter.ts';

/** One effect as the outbox stores it, written in the transaction of the change it follows. */
export type OutboxEffect =
  | { kind: 'job'; name: JobName; payload: object; options: EnqueueOptions }
  | {
      kind: 'realtime';
      name: EventName;
      payload: object;
      /** One user's room, or a set of rooms (`chat:{id}`, `user:{id}`). */
      options: { userId: number } | { rooms: string[] };
    }
  | {
      /** Access to rooms may have ended: the hub judges the sockets in scope again. */
      kind: 'rooms';
      name: 'recheck';
      payload: RoomAccessScope;
      options: Record<string, never>;
    };

/** A stored effect, as the relay claims it. */
export type OutboxRow = OutboxEffect & { id: number; attempts: number };
