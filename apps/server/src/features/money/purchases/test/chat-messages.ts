import { and, asc, eq, sql } from 'drizzle-orm';
import { chatMembers, chats, messages } from '../../../../db/schema/index.ts';
import type { TestServer } from '../../../../test/harness.ts';

/** Tests only: what chats hold, read from the tables (the chat API is the messaging feature's). */

/** The messages of the direct chat between two users, oldest first (none without a chat). */
export async function directMessagesBetween(server: TestServer, userA: number, userB: number) {
  const [low, high] = userA < userB ? [userA, userB] : [userB, userA];
  return server.ctx.db
    .select({
      id: messages.id,
      chatId: messages.chatId,
      senderId: messages.senderId,
      type: messages.type,
      body: messages.body,
      tipId: messages.tipId,
      tipRequestId: messages.tipRequestId,
    })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(and(eq(chats.kind, 'direct'), eq(chats.userLowId, low), eq(chats.userHighId, high)))
    .orderBy(asc(messages.id));
}

/** The members of the direct chat between two users. */
export async function directChatMembers(server: TestServer, userA: number, userB: number) {
  const [low, high] = userA < userB ? [userA, userB] : [userB, userA];
  const rows = await server.ctx.db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(and(eq(chats.kind, 'direct'), eq(chats.userLowId, low), eq(chats.userHighId, high)));
  return rows.map((row) => row.userId).sort((a, b) => a - b);
}

export async function messageCount(server: TestServer): Promise<number> {
  const result = await server.ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from messages`,
  );
  return result.rows[0]!.n;
}

/** The messages of a chat (a channel), oldest first. */
export function channelMessages(server: TestServer, chatId: number) {
  return server.ctx.db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      type: messages.type,
      body: messages.body,
      tipId: messages.tipId,
    })
    .from(messages)
    .where(eq(messages.chatId, chatId))
    .orderBy(asc(messages.id));
}

/** The id of the direct chat between two users, if they have one. */
export async function directChatIdOf(server: TestServer, userA: number, userB: number) {
  const [low, high] = userA < userB ? [userA, userB] : [userB, userA];
  const [row] = await server.ctx.db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.kind, 'direct'), eq(chats.userLowId, low), eq(chats.userHighId, high)));
  return row?.id;
}
