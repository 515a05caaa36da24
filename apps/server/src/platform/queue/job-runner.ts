/** Every background job by name, with its payload. Handlers are registered per name. */
export interface JobPayloads {
  'avatar.variants': { userId: number; sourceKey: string };
  'story.process': { storyId: number };
  'story.extra-renditions': { storyId: number };
  /** Hands a creator payout to the payment provider (features/money/providers/payouts.service.ts). */
  'payout.start': { payoutId: number };
  /** Renders and sends one queued mail, once (features/mail/mail-send.job.ts). */
  'mail.send': { mailId: number };
  /**
   * A forgot-password request: mails a reset link if an account has the address. Every request
   * queues one, known address or not, so the answer takes the same time (features/auth).
   */
  'auth.password-reset': { email: string };
  /** Sends a notification to the user's browsers by Web Push (features/notifications). */
  'notifications.push': { notificationId: number };
  /** Mails a notification whose type the user gets by email at once (features/notifications). */
  'notifications.email': { notificationId: number };
  /**
   * Writes a creator's story or stream notification to their audience after `afterUserId`, in
   * batches by user id, then queues itself for the rest (features/notifications/fan-out.ts).
   */
  'notifications.fan-out': {
    type: 'story_posted' | 'stream_started';
    creatorId: number;
    subject: { kind: string; id: number | string };
    data: Record<string, string | number | boolean>;
    dedupeKey: string;
    afterUserId: number;
  };
  /**
   * Tells a channel's members of its owner's new posts, `afterUserId` onwards, a page of members
   * per transaction, then queues itself for the rest (features/chats/message-notices.ts).
   */
  'chats.channel-notices': {
    chatId: number;
    messages: { id: number; senderId: number; type: string; body?: string }[];
    /** Who had the channel open when the posts went (they saw them arrive). */
    present: number[];
    afterUserId: number;
  };
  /** Builds a user's data export archive into the BlobStore (features/exports). */
  'export.build': { exportId: string };
}

export type JobName = keyof JobPayloads;

/**
 * A name-to-payload map. The application uses `JobPayloads`; tests of the runner itself bring
 * their own map, so test-only job names never widen the production one.
 */
export type PayloadMap<P> = { [N in keyof P]: object };

/** What a handler knows about the attempt it runs. */
export interface JobAttempt {
  /** No retry follows if this attempt throws: the handler's last chance to record the failure. */
  final: boolean;
}

export type JobHandler<P extends PayloadMap<P>, N extends keyof P> = (
  payload: P[N],
  attempt: JobAttempt,
) => Promise<void>;

/** How a job is queued: higher priorities are fetched first (default 0), then oldest first. */
export interface EnqueueOptions {
  priority?: number;
  /**
   * A uuid naming the job: a second enqueue with the same id is a no-op, so a sender that may
   * repeat itself (the outbox relay after a crash) never queues the work twice.
   */
  id?: string;
  /**
   * Not before this time (a push held until the user's quiet hours end). An ISO string once it
   * has passed through the outbox's JSON.
   */
  startAfter?: Date | string;
}

/**
 * Background work on the same database (pg-boss). Services do not call `enqueue` themselves:
 * they queue jobs with `effects.enqueue` inside their transaction, and the outbox relay calls
 * it once the transaction has committed (platform/outbox).
 */
export interface JobRunner<P extends PayloadMap<P> = JobPayloads> {
  enqueue<N extends keyof P & string>(
    name: N,
    payload: P[N],
    options?: EnqueueOptions,
  ): Promise<void>;
  /** Registers the handler before `start`; on `role=api` nodes handlers are not started. */
  register<N extends keyof P & string>(name: N, handler: JobHandler<P, N>): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once no job is queued or running (tests, graceful stop). */
  drain(timeoutMs?: number): Promise<void>;
}
