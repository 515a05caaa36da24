import { chatRoom } from '@glimpse/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import { chatMembers } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { inTransaction, type EffectQueue } from '../../platform/db/transaction.ts';
import { jobIdFor } from '../../platform/queue/job-id.ts';
import type { JobPayloads } from '../../platform/queue/job-runner.ts';
import { checkAccess } from '../access/index.ts';
import { notify, type NotificationInput } from '../notifications/index.ts';
import { findChat, type ChatRow } from './chat-core.repository.ts';

/**
 * Notifications of new chat messages (issue 28): `direct_message` to the other member of a
 * direct chat, `channel_post` to the members of a channel when its owner posts.
 *
 * The rule for "in the chat": a user with a socket in the chat's room (`chat:{id}`, joined by
 * `chat.join` while the chat is open on any of their tabs or devices, on any node) sees the
 * message arrive and is not notified. Who is in the room is read before the messages'
 * transaction (`presentIn`), so that network round trip never holds the chat's row lock; one
 * who opens the chat in between gets a line they can read at once, which is harmless.
 *
 * A chat's unread messages are one line (groupKey `dm:{chatId}` / `channel:{chatId}`), so a
 * conversation reads "Anna: 5 new messages", not five lines. Tips (`user_tip`, `creator_tip`)
 * notify as `tip_received` where they are paid; stories shared into chats as `story_posted`.
 */

/** The message kinds that notify as a message. */
const NOTIFYING_KINDS = new Set(['text', 'audio']);
const PREVIEW_CHARS = 100;

export interface NoticeMessage {
  id: number;
  senderId: number;
  type: string;
  body?: string | undefined;
}

const NOBODY: ReadonlySet<number> = new Set();

/** Who has the chat open now (a socket in its room), on every node. */
export async function presentIn(
  ctx: Pick<AppContext, 'realtime'>,
  chatId: number,
): Promise<ReadonlySet<number>> {
  // Not knowing (a node not answering) notifies everyone rather than failing the send.
  return ctx.realtime.roomPresence(chatRoom(chatId)).catch(() => NOBODY);
}

/** A channel's members told per transaction by the `chats.channel-notices` job. */
export const CHANNEL_NOTICE_PAGE = { size: 500 };

type ChannelNotices = JobPayloads['chats.channel-notices'];

/**
 * Notifies the recipients of messages just posted to one chat, in the caller's transaction: the
 * other member of a direct chat at once; a channel's members through the `chats.channel-notices`
 * job (queued in this transaction), so a post to a large channel costs its request nothing.
 * `chat` is the chat when the caller has it already (the insert answers it): no read then.
 */
export async function noticeMessages(
  ctx: Pick<AppContext, 'db' | 'config' | 'mediaSigner'>,
  tx: Tx,
  effects: EffectQueue,
  chatId: number,
  posted: NoticeMessage[],
  present: ReadonlySet<number>,
  known?: ChatRow,
): Promise<void> {
  const notifying = posted.filter((message) => NOTIFYING_KINDS.has(message.type));
  if (notifying.length === 0) return;
  const chat = known ?? (await findChat(tx, chatId));
  if (!chat || chat.kind === 'stream') return;
  if (chat.kind === 'channel') {
    const owners = notifying.filter((message) => message.senderId === chat.ownerId);
    if (owners.length === 0) return;
    const job: ChannelNotices = {
      chatId,
      messages: owners.map(({ id, senderId, type, body }) => ({
        id,
        senderId,
        type,
        ...(body === undefined ? {} : { body }),
      })),
      present: [...present],
      afterUserId: 0,
    };
    effects.enqueue('chats.channel-notices', job, { id: channelNoticesJobId(job) });
    return;
  }
  for (const message of notifying) {
    const recipient = chat.userLowId === message.senderId ? chat.userHighId! : chat.userLowId!;
    if (present.has(recipient)) continue;
    await notify(ctx, tx, effects, messageNotice(message, recipient, 'direct', chatId));
  }
}

function messageNotice(
  message: NoticeMessage,
  userId: number,
  kind: 'direct' | 'channel',
  chatId: number,
): NotificationInput {
  return {
    userId,
    type: kind === 'direct' ? 'direct_message' : 'channel_post',
    actorId: message.senderId,
    subject: { kind: kind === 'direct' ? 'chat' : 'channel', id: chatId },
    data: {
      message_type: message.type,
      ...(message.type === 'text' && message.body
        ? { preview: message.body.slice(0, PREVIEW_CHARS) }
        : {}),
    },
    dedupeKey: `message:${message.id}`,
    groupKey: `${kind === 'direct' ? 'dm' : 'channel'}:${chatId}`,
  };
}

function channelNoticesJobId(job: Pick<ChannelNotices, 'chatId' | 'messages' | 'afterUserId'>) {
  return jobIdFor('channel-notices', job.chatId, job.messages[0]!.id, job.afterUserId);
}

/**
 * The `chats.channel-notices` job: a page of the channel's members (by user id) per
 * transaction, each told of the posts when they may still read the channel (`chat.read`: a
 * subscriber-only channel stops reaching a lapsed subscriber) and did not have it open; then
 * the next page is queued in that transaction. A retried page notifies nobody twice (each
 * message's dedupe key, kept by notify even for a grouped line).
 */
export async function runChannelNotices(ctx: AppContext, job: ChannelNotices): Promise<void> {
  const present = new Set(job.present);
  await inTransaction(ctx.db, async (tx, effects) => {
    const page = await tx
      .select({ userId: chatMembers.userId })
      .from(chatMembers)
      .where(and(eq(chatMembers.chatId, job.chatId), gt(chatMembers.userId, job.afterUserId)))
      .orderBy(asc(chatMembers.userId))
      .limit(CHANNEL_NOTICE_PAGE.size);
    for (const { userId } of page) {
      // The poster (the channel's owner) is a member too; notify() never tells an actor anyway.
      if (present.has(userId) || job.messages[0]!.senderId === userId) continue;
      if (!(await checkAccess({ db: tx }, userId, 'chat.read', [job.chatId])).has(job.chatId))
        continue;
      for (const message of job.messages)
        await notify(ctx, tx, effects, messageNotice(message, userId, 'channel', job.chatId));
    }
    if (page.length === CHANNEL_NOTICE_PAGE.size) {
      const next = { ...job, afterUserId: page.at(-1)!.userId };
      effects.enqueue('chats.channel-notices', next, { id: channelNoticesJobId(next) });
    }
  });
}
