import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { chatFacts, type ChatFact } from './chat-facts.repository.ts';

/** What a story rule knows of where a story may be seen, besides its owner. */
export interface StoryAudienceFact {
  id: number;
  /** `public`: the profile's; `chat`: posted into chats, seen only through them. */
  audience: 'public' | 'chat';
  /**
   * For a chat story, the chats holding a message with it that the viewer might read (their
   * channel or one of their direct chats), as the `chat.*` rules see them; empty otherwise.
   */
  chats: ChatFact[];
}

/**
 * Adds `chats` to story facts: nothing to read for public stories; for chat stories one query
 * for the chats that carry them, and one (`chatFacts`) for how the viewer stands in those. A
 * direct chat the viewer is not in is left out here already: `chat.read` refuses it anyway,
 * and a story sent to every subscriber sits in as many direct chats.
 */
export async function withStoryChats<F extends { id: number; audience: 'public' | 'chat' }>(
  db: DbOrTx,
  viewer: number | null,
  facts: F[],
): Promise<(F & { chats: ChatFact[] })[]> {
  const chatStoryIds = facts.filter((f) => f.audience === 'chat').map((f) => f.id);
  if (chatStoryIds.length === 0 || viewer === null) return facts.map((f) => ({ ...f, chats: [] }));
  const { rows } = await db.execute<{ story_id: number; chat_id: number }>(sql`
    select distinct m.story_id, m.chat_id
    from messages m join chats c on c.id = m.chat_id
    where m.story_id = any(${sql.param(chatStoryIds)}::int[])
      and (c.kind = 'channel' or c.user_low_id = ${viewer} or c.user_high_id = ${viewer})`);
  const chatIds = [...new Set(rows.map((row) => Number(row.chat_id)))];
  const chats = new Map(
    chatIds.length === 0 ? [] : (await chatFacts(db, viewer, chatIds)).map((c) => [c.id, c]),
  );
  return facts.map((fact) => ({
    ...fact,
    chats: rows
      .filter((row) => Number(row.story_id) === fact.id)
      .flatMap((row) => chats.get(Number(row.chat_id)) ?? []),
  }));
}
