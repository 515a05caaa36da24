import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Message } from '@glimpse/contract';
import { inTransaction } from '../../../platform/db/transaction.ts';
import type { Client, TestServer } from '../../../test/harness.ts';
import { solidImage } from '../../../test/images.ts';
import { postStory } from '../../../test/stories.ts';
import { directChatBetween } from '../../chats/chat-core.service.ts';
import { messageForViewer } from '../../chats/chat-messages.service.ts';

/** Tests only: chats to post stories into, and what those stories became there. */

/** The direct chat of two users, made if missing (as a first message would). */
export function directChat(server: TestServer, a: number, b: number): Promise<number> {
  return inTransaction(server.ctx.db, (tx) => directChatBetween(tx, a, b));
}

/** POST /api/stories with a small PNG and the given post model. */
export async function postChatStory(
  owner: Client,
  model: Record<string, unknown>,
  data?: Buffer,
): Promise<LightMyRequestResponse> {
  return postStory(owner, {
    data: data ?? (await solidImage('png', 120, 200)),
    filename: 'photo.png',
    contentType: 'image/png',
    model,
  });
}

export interface StoryMessageRow {
  id: number;
  chatId: number;
  senderId: number;
  type: string;
  clientId: string | null;
}

/** Every message that carries the story, oldest first. */
export async function storyMessages(
  server: TestServer,
  storyId: number,
): Promise<StoryMessageRow[]> {
  const result = await server.ctx.db.execute<Record<string, unknown>>(
    sql`select id, chat_id, sender_id, type, client_id from messages where story_id = ${storyId} order by id`,
  );
  return result.rows.map((row) => ({
    id: Number(row.id),
    chatId: Number(row.chat_id),
    senderId: Number(row.sender_id),
    type: String(row.type),
    clientId: row.client_id === null ? null : String(row.client_id),
  }));
}

/** A message as one member sees it (the chat screen's shape, story card included). */
export function messageAs(
  server: TestServer,
  viewerId: number,
  messageId: number,
): Promise<Message> {
  return messageForViewer(server.ctx, viewerId, messageId);
}

/** Waits until every queued job (story processing and its messages) has run. */
export async function drainJobs(server: TestServer): Promise<void> {
  await server.ctx.jobs.drain(60_000);
}
