import type { Db } from '../../platform/db/database.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import {
  postMessage,
  postMessages,
  type MessagePost,
  type PostedMessage,
} from './chat-core.service.ts';

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

  /**
   * One transaction for the batch. If it fails, each message is retried alone, in order, so one
   * bad message (a constraint, a sender deleted meanwhile, text the database refuses) fails only
   * its own send. Retrying rather than validating first: the database is the judge of its
   * constraints and a copy of them here would drift, and a failed batch is rare, so its cost (one
   * transaction per message, as before batching) is paid only then.
   */
  private async write(batch: Waiting[]): Promise<void> {
    try {
      const answers = await inTransaction(this.db, (tx, effects) =>
        postMessages(
          tx,
          effects,
          batch.map((waiting) => waiting.post),
        ),
      );
      batch.forEach((waiting, index) => waiting.resolve(answers[index]!));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const { post, resolve, reject } of batch) {
        try {
          resolve(
            await inTransaction(this.db, (tx, effects) =>
              postMessage(tx, effects, post.input, post.eventMessage),
            ),
          );
        } catch (alone) {
          reject(alone);
        }
      }
    }
  }
}

const batchers = new WeakMap<Db, MessageBatcher>();

/** The batcher of a database handle (one per process and database, like the outbox relay). */
export function messageBatcherFor(db: Db): MessageBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new MessageBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher;
}
