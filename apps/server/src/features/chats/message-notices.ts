import { chatRoom, type NotificationType } from '@glimpse/contract';
import { and, eq, ne } from 'drizzle-orm';
import { chatMembers } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import type { EffectQueue } from '../../platform/db/transaction.ts';
import { checkAccess } from '../access/index.ts';
import { notify } from '../notifications/index.ts';
import { findChat } from './chat-core.repository.ts';

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

/** Who has the chat open now (a socket in its room), on every node. */
export async function presentIn(
  ctx: Pick<AppContext, 'realtime'>,
  chatId: number,
): Promise<ReadonlySet<number>> {
  // Not knowing (a node not answering) notifies everyone rather than failing the send.
  const users = await ctx.realtime.roomUserIds(chatRoom(chatId)).catch(() => []);
  return new Set(users);
}

/** Notifies the recipients of messages just posted to one chat, in the caller's transaction. */
export async function noticeMessages(
  ctx: Pick<AppContext, 'db' | 'config' | 'mediaSigner'>,
  tx: Tx,
  effects: EffectQueue,
  chatId: number,
  posted: NoticeMessage[],
  present: ReadonlySet<number>,
): Promise<void> {
  const notifying = posted.filter((message) => NOTIFYING_KINDS.has(message.type));
  if (notifying.length === 0) return;
  const chat = await findChat(tx, chatId);
  if (!chat || chat.kind === 'stream') return;
  for (const message of notifying) {
    const recipients =
      chat.kind === 'direct'
        ? [chat.userLowId === message.senderId ? chat.userHighId! : chat.userLowId!]
        : message.senderId === chat.ownerId
          ? await channelReaders(tx, chatId, message.senderId)
          : [];
    const type: NotificationType = chat.kind === 'direct' ? 'direct_message' : 'channel_post';
    for (const userId of recipients) {
      if (present.has(userId)) continue;
      await notify(ctx, tx, effects, {
        userId,
        type,
        actorId: message.senderId,
        subject: { kind: chat.kind === 'direct' ? 'chat' : 'channel', id: chatId },
        data: {
          message_type: message.type,
          ...(message.type === 'text' && message.body
            ? { preview: message.body.slice(0, PREVIEW_CHARS) }
            : {}),
        },
        dedupeKey: `message:${message.id}`,
        groupKey: `${chat.kind === 'direct' ? 'dm' : 'channel'}:${chatId}`,
      });
    }
  }
}

/**
 * A channel's members (a row for each viewer who opened it) other than the poster who may
 * still read it (`chat.read`: a subscriber-only channel stops reaching a lapsed subscriber).
 */
async function channelReaders(tx: Tx, chatId: number, posterId: number): Promise<number[]> {
  const members = await tx
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.chatId, chatId), ne(chatMembers.userId, posterId)));
  const readers: number[] = [];
  for (const { userId } of members) {
    if ((await checkAccess({ db: tx }, userId, 'chat.read', [chatId])).has(chatId))
      readers.push(userId);
  }
  return readers;
}
