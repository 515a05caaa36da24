import { eq, inArray, sql } from 'drizzle-orm';
import { chats, messages, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { noticeMessages, postMessage, neutralEventMessage } from '../chats/index.ts';
import { seedTip } from '../money/index.ts';
import type { DemoChannelLine } from './demo-chat-script.ts';
import { postDemoVoiceNote } from './demo-voice.ts';

const HOUR_MS = 3_600_000;

export interface DemoPerson {
  id: number;
  directMessagePriceCents: number | null;
}

/** The demo people by login handle (`anna` for anna@demo.glimpse.app). */
export async function demoPeople(
  ctx: AppContext,
  handles: string[],
): Promise<Map<string, DemoPerson>> {
  const rows = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      directMessagePriceCents: users.directMessagePriceCents,
    })
    .from(users)
    .where(
      inArray(
        users.email,
        handles.map((h) => `${h}@demo.glimpse.app`),
      ),
    );
  return new Map(rows.map((row) => [row.email.split('@')[0]!, row]));
}

export interface DemoConversation {
  chatId: number;
  /** Makes the client ids and seed keys of this conversation's lines. */
  key: string;
  /** Set for a channel: tips go into it, to its owner. */
  channelOwnerId?: number;
  /** Whom a tip from `from` goes to in a direct chat. */
  partnerOf: (from: string) => number;
}

/** One line posted: the message's id, or undefined when it was there from an earlier run. */
async function postLine(
  ctx: AppContext,
  chat: DemoConversation,
  line: DemoChannelLine,
  index: number,
  senderId: number,
): Promise<{ id: number; fresh: boolean } | undefined> {
  if (line.tip !== undefined) {
    const id = await seedTip(ctx, {
      tipperId: senderId,
      creatorId: chat.channelOwnerId ?? chat.partnerOf(line.from),
      storyId: null,
      amountCents: Math.round(line.tip * 100),
      message: line.text,
      key: `demo-chat-tip:${chat.key}:${index}`,
      ...(chat.channelOwnerId === undefined ? {} : { chatId: chat.chatId }),
    });
    return id === undefined ? undefined : { id, fresh: true };
  }
  const clientId = `demo-${chat.key}-${index}`;
  const posted = line.audio
    ? await postDemoVoiceNote(ctx, { chatId: chat.chatId, senderId, clientId })
    : await inTransaction(ctx.db, async (tx, effects) => {
        const message = await postMessage(
          tx,
          effects,
          { chatId: chat.chatId, senderId, type: 'text', body: line.text, clientId },
          neutralEventMessage(tx),
        );
        // Nobody has a demo chat open: its people find the lines in their notifications.
        if (!message.replayed)
          await noticeMessages(
            ctx,
            tx,
            effects,
            chat.chatId,
            [{ id: message.id, senderId, type: 'text', body: line.text }],
            new Set(),
          );
        return message;
      });
  return { id: posted.id, fresh: !posted.replayed };
}

/**
 * Posts one conversation in order through `postMessage` (tips through the tip seed and the voice
 * note through the audio path, which post theirs the same way). Every line has a fixed client id
 * or seed key, so a second run writes nothing; what this run wrote is dated back to its place in
 * the last days. Answers the message ids by line (tips seeded earlier are left out).
 */
export async function postLines(
  ctx: AppContext,
  chat: DemoConversation,
  lines: DemoChannelLine[],
  people: Map<string, DemoPerson>,
): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  const fresh = new Map<number, Date>();
  for (const [index, line] of lines.entries()) {
    const posted = await postLine(ctx, chat, line, index, people.get(line.from)!.id);
    if (!posted) continue;
    ids.set(index, posted.id);
    if (posted.fresh) fresh.set(posted.id, new Date(Date.now() - line.hoursAgo * HOUR_MS));
  }
  await backdate(ctx, chat.chatId, fresh);
  return ids;
}

/** Dates freshly seeded messages back to their place in the conversation, and the chat's mark. */
async function backdate(ctx: AppContext, chatId: number, fresh: Map<number, Date>) {
  if (fresh.size === 0) return;
  await inTransaction(ctx.db, async (tx) => {
    for (const [id, at] of fresh)
      await tx.update(messages).set({ createdAt: at }).where(eq(messages.id, id));
    await tx
      .update(chats)
      .set({
        lastMessageAt: sql`(select max(m.created_at) from messages m where m.chat_id = ${chatId})`,
      })
      .where(eq(chats.id, chatId));
  });
}
