import type { AppContext } from '../../platform/context.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { inTransaction, type EffectQueue } from '../../platform/db/transaction.ts';
import { relayFor } from '../../platform/outbox/relay-registry.ts';
import {
  postLiveTexts,
  postMessage,
  postMessages,
  type MessagePost,
  type PostedMessage,
} from './chat-core.service.ts';
import type { ChatRow } from './chat-core.repository.ts';
import { noticeMessages, presentIn, type NoticeMessage } from './message-notices.ts';

/**
 * What a batch tells the recipients (message-notices.ts): who has the chat open is asked before
 * the transaction, the lines are written inside it.
 */
export interface BatchNotices {
  present(chatId: number): Promise<ReadonlySet<number>>;
  write(
    tx: Tx,
    effects: EffectQueue,
    chatId: number,
    posted: NoticeMessage[],
    present: ReadonlySet<number>,
    chat?: ChatRow,
  ): Promise<void>;
}

const NOBODY: ReadonlySet<number> = new Set();

/** The most messages one transaction writes; more wait for the next one. */
export const MAX_BATCH = 100;

interface Waiting {
  post: MessagePost;
  resolve: (posted: PostedMessage) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for sends that are a transaction of their own (texts): one chat's messages queue
 * on its row lock anyway (`insertMessages`), so while a transaction for a chat is in flight, the
 * sends that arrive for it wait here and the next transaction writes them all (one lock, one
 * insert with ids in arrival order, one outbox insert, one commit). A send into a chat with no
 * transaction in flight starts one at once: batching adds no wait when idle. Each caller gets its
 * own answer or its own error. Messages posted inside a larger transaction (tips, stories, voice)
 * call `postMessage` there and meet these batches on the chat's lock.
 */
export class MessageBatcher {
  /** Chats with a transaction in flight, and the sends waiting for the next one. */
  private readonly inFlight = new Map<number, Waiting[]>();

  constructor(
    private readonly db: Db,
    private readonly maxBatch = MAX_BATCH,
    private readonly notices?: BatchNotices,
  ) {}

  /** Posts the message in a transaction of its own, alone or with others of its chat. */
  post(post: MessagePost): Promise<PostedMessage> {
    return new Promise((resolve, reject) => {
      const chatId = post.input.chatId;
      const waiting = this.inFlight.get(chatId);
      if (waiting) {
        waiting.push({ post, resolve, reject });
        return;
      }
      this.inFlight.set(chatId, []);
      void this.drain(chatId, [{ post, resolve, reject }]);
    });
  }

  /** Writes `batch`, then what queued meanwhile, until the chat has nothing waiting. */
  private async drain(chatId: number, first: Waiting[]): Promise<void> {
    const waiting = this.inFlight.get(chatId)!;
    let batch = first;
    try {
      while (batch.length > 0) {
        await this.write(batch);
        batch = waiting.splice(0, this.maxBatch);
      }
    } catch (error) {
      // `write` answers every send itself; this is only so that no caller waits for ever.
      for (const left of waiting.splice(0)) left.reject(error);
    } finally {
      this.inFlight.delete(chatId);
    }
  }

  /** Tells the recipients of the new (not replayed) messages, inside the transaction. */
  private async notify(
    tx: Tx,
    effects: EffectQueue,
    posts: MessagePost[],
    answers: PostedMessage[],
    present: ReadonlySet<number>,
  ): Promise<void> {
    if (!this.notices) return;
    const fresh = answers.flatMap((answer, index) =>
      answer.replayed ? [] : [{ id: answer.id, ...posts[index]!.input }],
    );
    const chatId = posts[0]!.input.chatId;
    // The insert answered the chat with each new message: no need to read it again.
    const chat = answers.find((answer) => answer.inserted)?.inserted?.chat;
    await this.notices.write(tx, effects, chatId, fresh, present, chat);
  }

  /**
   * The batch as live texts, when it is nothing but direct texts whose recipients have the chat
   * open: nobody to notify, so the messages and their events are one statement and need no
   * transaction (`postLiveTexts`). Otherwise undefined, and the batch is a transaction.
   */
  private liveTexts(batch: Waiting[], present: ReadonlySet<number>): LivePost[] | undefined {
    const posts: LivePost[] = [];
    for (const { post } of batch) {
      const { live } = post;
      if (!live || !post.input.clientId || post.input.type !== 'text') return undefined;
      if (this.notices && !present.has(live.recipientId)) return undefined;
      posts.push({ ...post, live });
    }
    return posts;
  }

  /** Writes live texts, hands their events to the relay, then answers each send. */
  private async writeLive(batch: Waiting[], posts: LivePost[]): Promise<void> {
    const relay = relayFor(this.db);
    const { answers, events } = await postLiveTexts(this.db, posts, relay?.leaseSeconds);
    // As `inTransaction` does: the events go out before the senders hear back.
    if (relay && events.length > 0) await relay.deliverClaimed(events);
    batch.forEach((waiting, index) => {
      const answer = answers[index]!;
      if (answer instanceof Error) waiting.reject(answer);
      else waiting.resolve(answer);
    });
  }

  /**
   * One transaction for the batch. If it fails, each message is retried alone, in order, so one
   * bad message (a constraint, a sender deleted meanwhile, text the database refuses) fails only
   * its own send. Retrying rather than validating first: the database is the judge of its
   * constraints and a copy of them here would drift, and a failed batch is rare, so its cost (one
   * transaction per message, as before batching) is paid only then.
   */
  private async write(batch: Waiting[]): Promise<void> {
    const chatId = batch[0]!.post.input.chatId;
    // Who has the chat open is asked first (a batcher without notices starts at once); not
    // knowing (a node not answering) notifies everyone rather than failing the sends.
    const present = this.notices ? await this.notices.present(chatId).catch(() => NOBODY) : NOBODY;
    try {
      const live = this.liveTexts(batch, present);
      if (live) {
        await this.writeLive(batch, live);
        return;
      }
      const answers = await inTransaction(this.db, async (tx, effects) => {
        const posts = batch.map((waiting) => waiting.post);
        const written = await postMessages(tx, effects, posts);
        await this.notify(tx, effects, posts, written, present);
        return written;
      });
      batch.forEach((waiting, index) => waiting.resolve(answers[index]!));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const { post, resolve, reject } of batch) {
        try {
          resolve(
            await inTransaction(this.db, async (tx, effects) => {
              const answer = await postMessage(tx, effects, post.input, post.eventMessage);
              await this.notify(tx, effects, [post], [answer], present);
              return answer;
            }),
          );
        } catch (alone) {
          reject(alone);
        }
      }
    }
  }
}

type LivePost = MessagePost & { live: NonNullable<MessagePost['live']> };

const batchers = new WeakMap<Db, MessageBatcher>();

/**
 * The batcher of a server's database handle (one per process and database, like the outbox
 * relay), notifying the recipients of what it posts.
 */
export function messageBatcherFor(ctx: AppContext): MessageBatcher {
  let batcher = batchers.get(ctx.db);
  if (!batcher) {
    batcher = new MessageBatcher(ctx.db, MAX_BATCH, {
      present: (chatId) => presentIn(ctx, chatId),
      write: (tx, effects, chatId, posted, present, chat) =>
        noticeMessages(ctx, tx, effects, chatId, posted, present, chat),
    });
    batchers.set(ctx.db, batcher);
  }
  return batcher;
}
