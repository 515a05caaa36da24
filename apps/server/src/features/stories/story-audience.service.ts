import {
  STORY_VIEWERS_PAGE_SIZE,
  type StoryReplyResponse,
  type StoryViewersPage,
} from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { AppError, fieldError } from '../../platform/errors/app-error.ts';
import { requireAccess } from '../access/index.ts';
import { postMessage, messageForViewer, assertMaySend } from '../chats/index.ts';
import { AVATAR_VARIANT_WIDTHS } from '../media/index.ts';
import * as repo from './story-audience.repository.ts';
import { findStory } from './stories.repository.ts';
import { decodeViewerCursor, encodeViewerCursor } from './story-viewer-cursor.ts';

/**
 * POST /api/stories/{id}/reply: a direct text to the story's creator quoting the story
 * (`meta.story_reply`). The viewer must see the story (`story.view`); the message then goes by
 * the creator's message rules exactly as a direct message would (`assertMaySend`: paid messages,
 * subscribers only, turned off, blocks, oneself), into their direct chat, made on first contact.
 * No viewer-neutral copy goes with the event: the quote's thumbnail is signed per reader, so
 * clients fetch the message.
 */
export async function replyToStory(
  ctx: AppContext,
  viewerId: number,
  storyId: number,
  body: { text: string; client_id?: string | undefined },
): Promise<StoryReplyResponse> {
  await requireAccess(ctx, viewerId, 'story.view', [storyId]);
  const story = await findStory(ctx.db, storyId);
  if (!story) throw new AppError('story_not_found');
  const { chatId } = await assertMaySend(ctx, viewerId, { userId: story.userId }, 'text');
  const posted = await inTransaction(ctx.db, (tx, effects) =>
    postMessage(tx, effects, {
      chatId,
      senderId: viewerId,
      type: 'text',
      body: body.text,
      clientId: body.client_id ?? null,
      meta: { story_reply: { story_id: storyId } },
    }),
  );
  return {
    chat_id: posted.chatId,
    message: await messageForViewer(ctx, viewerId, posted.id),
  };
}

/**
 * GET /api/stories/{id}/viewers: who watched the owner's story (`story.viewers`), newest first,
 * STORY_VIEWERS_PAGE_SIZE a page; the cursor names the last row shown.
 */
export async function storyViewers(
  ctx: AppContext,
  ownerId: number,
  storyId: number,
  cursor: string | undefined,
): Promise<StoryViewersPage> {
  await requireAccess(ctx, ownerId, 'story.viewers', [storyId]);
  const after = cursor === undefined ? null : decodeViewerCursor(cursor);
  if (after === undefined) throw fieldError('cursor', 'cursor_invalid');
  const rows = await repo.listStoryViewers(ctx.db, storyId, after, STORY_VIEWERS_PAGE_SIZE + 1);
  const page = rows.slice(0, STORY_VIEWERS_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    data: page.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      // The smallest copy: a row shows a 40 px photo.
      avatar_thumb_url: row.avatarKey
        ? `${ctx.mediaSigner.url(row.avatarKey, ownerId)}&w=${AVATAR_VARIANT_WIDTHS[0]}`
        : null,
      watched_at: row.watchedAt.toISOString(),
    })),
    cursor:
      rows.length > STORY_VIEWERS_PAGE_SIZE && last
        ? encodeViewerCursor({ watchedAt: last.watchedAtExact, userId: last.id })
        : null,
  };
}
